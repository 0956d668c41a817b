-- `app catalogue sync` places a provider at its head office postcode's centroid (from the
-- shipped postcode table, data/postcodes.csv). What it last wrote is kept beside what is shown,
-- as for `register_website`: coordinates an admin or a representative set are never overwritten.
ALTER TABLE providers ADD COLUMN register_latitude REAL;
ALTER TABLE providers ADD COLUMN register_longitude REAL;
