//! An operator's catalogue files, read as spreadsheets write them: UTF-8 with or without a
//! byte-order mark, Windows line ends (CRLF), or Excel's plain 'CSV (Comma delimited)', which is
//! Windows-1252; and the template of the six files (`app import --template DIR`).

use std::path::Path;

/// The six files, in the order they are checked and reported (campuses before the offerings
/// that name them).
pub const FILES: [&str; 6] = [
    "industries.csv",
    "careers.csv",
    "courses.csv",
    "providers.csv",
    "campuses.csv",
    "offerings.csv",
];

/// A catalogue file larger than this is refused: the national register has a few thousand
/// qualifications, so even a large operator's files are a few megabytes.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;

/// The six files of a catalogue, each optional, as text with LF line ends.
#[derive(Default)]
pub struct CatalogueFiles {
    pub industries: Option<String>,
    pub careers: Option<String>,
    pub courses: Option<String>,
    pub providers: Option<String>,
    pub campuses: Option<String>,
    pub offerings: Option<String>,
    /// What the reader had to assume, for the report ("read as Windows-1252").
    pub notes: Vec<String>,
}

impl CatalogueFiles {
    /// The catalogue shipped in `data/`: real qualifications, example providers.
    pub fn shipped() -> Self {
        Self {
            industries: Some(include_str!("../../../data/industries.csv").into()),
            careers: Some(include_str!("../../../data/careers.csv").into()),
            courses: Some(include_str!("../../../data/courses.csv").into()),
            providers: Some(include_str!("../../../data/providers.csv").into()),
            offerings: Some(include_str!("../../../data/offerings.csv").into()),
            campuses: None,
            notes: Vec::new(),
        }
    }

    /// Reads whichever of the six files exist in `dir`.
    pub fn read_dir(dir: &Path) -> anyhow::Result<Self> {
        let mut files = Self::default();
        for name in FILES {
            let path = dir.join(name);
            let bytes = match std::fs::read(&path) {
                Ok(bytes) => bytes,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
                Err(err) => anyhow::bail!("cannot read {}: {err}", path.display()),
            };
            let (text, note) = decode(name, &bytes).map_err(anyhow::Error::msg)?;
            files.notes.extend(note);
            *files.slot(name) = Some(text);
        }
        anyhow::ensure!(
            FILES.iter().any(|name| files.slot(name).is_some()),
            "{} holds none of {}",
            dir.display(),
            FILES.join(", ")
        );
        Ok(files)
    }

    fn slot(&mut self, name: &str) -> &mut Option<String> {
        match name {
            "industries.csv" => &mut self.industries,
            "careers.csv" => &mut self.careers,
            "courses.csv" => &mut self.courses,
            "providers.csv" => &mut self.providers,
            "campuses.csv" => &mut self.campuses,
            _ => &mut self.offerings,
        }
    }
}

/// A file's text with LF line ends and no byte-order mark, and a note when it was not UTF-8.
/// Text that is neither UTF-8 nor Windows-1252 is refused with its first bad line.
pub fn decode(name: &str, bytes: &[u8]) -> Result<(String, Option<String>), String> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{name} is larger than {} MB: is it the right file?",
            MAX_FILE_BYTES / 1024 / 1024
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let (text, note) = match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), None),
        Err(err) => {
            let line = bytes[..err.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            // Windows-1252 leaves a few bytes undefined (they decode to C1 controls) and
            // never holds NUL: such a file is something else, UTF-16 or binary.
            if text
                .chars()
                .any(|c| c == '\0' || ('\u{80}'..='\u{9f}').contains(&c))
            {
                return Err(format!(
                    "{name} line {line}: is neither UTF-8 nor Windows-1252 text: open it in your spreadsheet and save it as CSV UTF-8"
                ));
            }
            let note = format!(
                "{name} is not UTF-8 (line {line} first): read it as Windows-1252, as Excel's 'CSV (Comma delimited)' writes it; save it as 'CSV UTF-8' to be sure of every character"
            );
            (text.into_owned(), Some(note))
        }
    };
    Ok((text.replace("\r\n", "\n").replace('\r', "\n"), note))
}

/// One file of the template: its columns (required, then optional ones a file may leave out),
/// what they hold, and an example row.
pub struct TemplateFile {
    pub name: &'static str,
    pub columns: &'static [&'static str],
    pub optional: &'static [&'static str],
    pub explained: &'static str,
    pub example: &'static str,
}

impl TemplateFile {
    /// The header row the template writes: every column, the optional ones last.
    pub fn header(&self) -> String {
        let all: Vec<&str> = self.columns.iter().chain(self.optional).copied().collect();
        all.join(",")
    }
}

/// The optional fact columns of offerings.csv (DESIGN decision 23), in the template's order.
pub const FACT_COLUMNS: [&str; 10] = [
    "fee",
    "subsidised_fee",
    "subsidy_state",
    "duration_weeks",
    "duration_max_weeks",
    "delivery_modes",
    "campuses",
    "intakes",
    "funding_notes",
    "course_url",
];

/// The six files as `app import --template` writes them. The examples refer to each other,
/// so the six filled in import together.
pub const TEMPLATE: [TemplateFile; 6] = [
    TemplateFile {
        name: "industries.csv",
        columns: &["slug", "name", "copy"],
        optional: &[],
        explained: "slug: lower-case words joined by hyphens, used in page addresses\nname: the industry's name\ncopy: plain text, at most 300 characters",
        example: "aged-care-services,Aged Care Services,Care for older Australians at home and in residential homes.",
    },
    TemplateFile {
        name: "careers.csv",
        columns: &["slug", "industry", "name", "copy"],
        optional: &[],
        explained: "slug: as above\nindustry: the slug of an industry in industries.csv or already on the site\nname: the career's name\ncopy: HTML (p, strong, em, ul, ol, li, a), at most 300 characters of text",
        example: "aged-care-team-leader,aged-care-services,Aged Care Team Leader,\"<p>Lead carers who support older people with <strong>daily living</strong>.</p>\"",
    },
    TemplateFile {
        name: "courses.csv",
        columns: &["slug", "code", "name", "copy", "careers"],
        optional: &["supersedes"],
        explained: "slug: as above\ncode: the national code, such as CHC43015 (or an accredited 22338VIC)\nname: the qualification's title\ncopy: plain text, at most 300 characters\ncareers: career slugs separated by ';'\nsupersedes (optional): the codes of the earlier qualifications this one replaced (in courses.csv or already on the site), separated by ';'; an empty cell leaves them as they are. Their reviews show on this course's pages, apart",
        example: "certificate-iv-in-ageing-support,CHC43015,Certificate IV in Ageing Support,Leading personal care teams in aged care.,aged-care-team-leader,",
    },
    TemplateFile {
        name: "providers.csv",
        columns: &[
            "slug",
            "name",
            "website",
            "town",
            "state",
            "latitude",
            "longitude",
            "description",
        ],
        optional: &[],
        explained: "slug: as above\nname: the training organisation's name\nwebsite: its address, starting with https://\ntown: where it delivers\nstate: one of ACT NSW NT QLD SA TAS VIC WA\nlatitude, longitude: decimal degrees of the town\ndescription: HTML (p, strong, em, ul, ol, li, a)",
        example: "riverside-care-college,Riverside Care College,https://riverside-care.example,Wagga Wagga,NSW,-35.1082,147.3598,\"<p>A community college training carers since 1998.</p>\"",
    },
    TemplateFile {
        name: "campuses.csv",
        columns: &[
            "provider",
            "name",
            "street",
            "town",
            "state",
            "postcode",
            "latitude",
            "longitude",
        ],
        optional: &[],
        explained: "provider: a provider slug (in providers.csv or already on the site)\nname: the campus's name, at most 100 characters; a provider's campus of that name is updated\nstreet: its street address (may be empty)\ntown: its town\nstate: one of ACT NSW NT QLD SA TAS VIC WA\npostcode: four digits in the state's ranges\nlatitude, longitude: decimal degrees, in Australia",
        example: "riverside-care-college,Wagga Wagga campus,12 Fitzmaurice Street,Wagga Wagga,NSW,2650,-35.1082,147.3598",
    },
    TemplateFile {
        name: "offerings.csv",
        columns: &["course", "provider"],
        optional: &FACT_COLUMNS,
        explained: "course: a course code (in courses.csv or already on the site)\nprovider: a provider slug (in providers.csv or already on the site)\nThe other columns are the offering's facts, each optional; a row whose fact cells are all empty leaves its facts as they are, any other row replaces them (the site shows them as 'Added by CourseSource'):\nfee, subsidised_fee: whole Australian dollars from 0 to 100,000, the subsidised fee not above the fee\nsubsidy_state: the state the subsidised fee applies in (ACT NSW NT QLD SA TAS VIC WA)\nduration_weeks: whole weeks from 1 to 260; duration_max_weeks: the end of a range\ndelivery_modes: on campus; online; blended; in the workplace (one or more, separated by ';')\ncampuses: names of the provider's campuses (campuses.csv or already on the site), separated by ';'\nintakes: up to six months as YYYY-MM, none in the past or more than three years ahead, separated by ';'\nfunding_notes: names from the site's funding-note list, separated by ';'\ncourse_url: the provider's page for the course, starting with http:// or https://",
        example: "CHC43015,riverside-care-college,8900,2400,NSW,52,78,on campus;online,Wagga Wagga campus,,Government subsidised,https://riverside-care.example/ageing",
    },
];

/// Writes the six files with their header rows and a README.txt explaining each column with
/// an example row, into `dir` (created if missing); an existing file is never overwritten.
pub fn write_template(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut readme = String::from(
        "CourseSource catalogue files: fill in one row per line under the header row and run\n\
         `app import --dry-run DIR` to see what would change, then `app import DIR`.\n\
         Save from a spreadsheet as 'CSV UTF-8 (Comma delimited)'. Every file is optional: a\n\
         row may refer to rows already on the site. Importing providers removes the example\n\
         providers shipped with the site.\n",
    );
    for file in &TEMPLATE {
        let path = dir.join(file.name);
        anyhow::ensure!(
            !path.exists(),
            "{} exists already: choose an empty folder",
            path.display()
        );
        std::fs::write(&path, format!("{}\n", file.header()))?;
        readme.push_str(&format!(
            "\n{}\n{}\n{}\nexample row:\n{}\n",
            file.name,
            "-".repeat(file.name.len()),
            file.explained,
            file.example
        ));
    }
    std::fs::write(dir.join("README.txt"), readme)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_line_ends_and_a_byte_order_mark_read_as_plain_utf8() {
        let (text, note) = decode("x.csv", b"\xEF\xBB\xBFa,b\r\n1,2\r\n").unwrap();
        assert_eq!((text.as_str(), note), ("a,b\n1,2\n", None));
    }

    #[test]
    fn windows_1252_is_read_with_a_note_and_other_encodings_are_refused() {
        let (text, note) = decode("p.csv", b"name\nCaf\xE9 Bront\xEB\n").unwrap();
        assert_eq!(text, "name\nCafé Brontë\n");
        assert!(
            note.unwrap()
                .contains("p.csv is not UTF-8 (line 2 first): read it as Windows-1252")
        );
        let utf16 = b"\xFF\xFEn\0a\0m\0e\0";
        let refused = decode("p.csv", utf16).unwrap_err();
        assert!(
            refused.contains("p.csv line 1: is neither UTF-8 nor Windows-1252"),
            "{refused}"
        );
        assert!(refused.contains("save it as CSV UTF-8"));
    }

    #[test]
    fn a_huge_file_is_refused() {
        let refused = decode("o.csv", &vec![b'a'; MAX_FILE_BYTES + 1]).unwrap_err();
        assert!(refused.contains("o.csv is larger than 20 MB"));
    }
}
