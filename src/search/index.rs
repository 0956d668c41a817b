//! The course type-ahead: a tantivy index of course names and codes, built in RAM from the
//! catalogue. Words match as prefixes while the user types ('comm coo'), words of five
//! letters or more forgive one typo ('cookary'), and exact code matches come first.

use std::sync::{Arc, RwLock};

use tantivy::{
    DocAddress, Index, IndexReader, ReloadPolicy, Term,
    collector::DocSetCollector,
    query::{BooleanQuery, FuzzyTermQuery, Occur, Query},
    schema::{FAST, Field, IndexRecordOption, STORED, Schema, TextFieldIndexing, TextOptions},
    tokenizer::{AsciiFoldingFilter, LowerCaser, RawTokenizer, SimpleTokenizer, TextAnalyzer},
};

use crate::vocabulary::vocabulary;

/// One course as the type-ahead answers it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub slug: String,
}

vocabulary! {
    /// Which field the user is typing.
    pub enum Mode {
        Qualification = "qualification",
        Code = "code",
    }
}

/// Words shorter than this must be typed exactly (as a prefix).
const FUZZY_MIN_LEN: usize = 5;

struct Built {
    reader: IndexReader,
    name: Field,
    code: Field,
    entries: Vec<Entry>,
    /// Each entry's lower-case code and name words, made once for ranking.
    folded: Vec<Folded>,
    version: i64,
}

struct Folded {
    code: String,
    words: Vec<String>,
}

/// The index in use; `rebuild` swaps in a new one without stopping queries.
pub struct CourseIndex {
    current: RwLock<Arc<Built>>,
}

impl CourseIndex {
    pub fn new(entries: Vec<Entry>, version: i64) -> anyhow::Result<Self> {
        Ok(Self {
            current: RwLock::new(Arc::new(build(entries, version)?)),
        })
    }

    pub fn version(&self) -> i64 {
        self.built().version
    }

    pub fn rebuild(&self, entries: Vec<Entry>, version: i64) -> anyhow::Result<()> {
        let built = Arc::new(build(entries, version)?);
        *self.current.write().unwrap_or_else(|p| p.into_inner()) = built;
        Ok(())
    }

    fn built(&self) -> Arc<Built> {
        self.current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Every course, by name (the search page's options).
    pub fn all(&self) -> Vec<Entry> {
        self.built().entries.clone()
    }

    /// At most `limit` courses matching what the user typed, best first.
    pub fn search(&self, text: &str, mode: Mode, limit: usize) -> anyhow::Result<Vec<Entry>> {
        let words = words(text);
        if words.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let compact: String = words.concat();
        let built = self.built();
        let query = built.query(&words, &compact, mode);
        let searcher = built.reader.searcher();
        let found = searcher.search(&query, &DocSetCollector)?;
        // (rank, name length, place in the name order): a common prefix like 'cert' matches
        // most of the catalogue, so only the best `limit` are put in order.
        let mut matches: Vec<(u8, usize, usize)> = Vec::with_capacity(found.len());
        for DocAddress {
            segment_ord,
            doc_id,
        } in found
        {
            let column = searcher
                .segment_reader(segment_ord)
                .fast_fields()
                .u64("ord")?;
            if let Some(ord) = column.first(doc_id) {
                let ord = ord as usize;
                let rank = rank(&built.folded[ord], &words, &compact);
                matches.push((rank, built.entries[ord].name.len(), ord));
            }
        }
        if matches.len() > limit {
            matches.select_nth_unstable(limit - 1);
            matches.truncate(limit);
        }
        matches.sort_unstable();
        Ok(matches
            .into_iter()
            .map(|(_, _, ord)| built.entries[ord].clone())
            .collect())
    }
}

impl Built {
    fn query(&self, words: &[String], compact: &str, mode: Mode) -> Box<dyn Query> {
        let code_prefix = Box::new(FuzzyTermQuery::new_prefix(
            Term::from_field_text(self.code, compact),
            0,
            false,
        ));
        if mode == Mode::Code {
            return code_prefix;
        }
        let name_words: Vec<(Occur, Box<dyn Query>)> = words
            .iter()
            .map(|word| {
                let typos = if word.chars().count() >= FUZZY_MIN_LEN {
                    1
                } else {
                    0
                };
                let query: Box<dyn Query> = Box::new(FuzzyTermQuery::new_prefix(
                    Term::from_field_text(self.name, word),
                    typos,
                    true,
                ));
                (Occur::Must, query)
            })
            .collect();
        // Someone may type a code into the qualification box too.
        Box::new(BooleanQuery::new(vec![
            (Occur::Should, Box::new(BooleanQuery::new(name_words))),
            (Occur::Should, code_prefix),
        ]))
    }
}

/// Lower-case, accent-free words of the query, as the index tokenises names.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| fold(&w.to_lowercase()))
        .collect()
}

fn fold(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ä' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            other => other,
        })
        .collect()
}

/// 0: the exact code; 1: a code starting with the query; 2: every word a prefix of a word
/// of the name; 3: a match that needed a typo forgiven.
fn rank(entry: &Folded, words: &[String], compact: &str) -> u8 {
    if entry.code == compact {
        return 0;
    }
    if entry.code.starts_with(compact) {
        return 1;
    }
    if words
        .iter()
        .all(|w| entry.words.iter().any(|n| n.starts_with(w.as_str())))
    {
        2
    } else {
        3
    }
}

fn build(entries: Vec<Entry>, version: i64) -> anyhow::Result<Built> {
    let mut schema = Schema::builder();
    let text = |tokenizer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(tokenizer)
                .set_index_option(IndexRecordOption::Basic),
        )
    };
    let name = schema.add_text_field("name", text("course_name"));
    let code = schema.add_text_field("code", text("course_code"));
    let ord = schema.add_u64_field("ord", FAST | STORED);
    let index = Index::create_in_ram(schema.build());
    index.tokenizers().register(
        "course_name",
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build(),
    );
    index.tokenizers().register(
        "course_code",
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );

    let mut writer = index.writer_with_num_threads(1, 15_000_000)?;
    for (i, entry) in entries.iter().enumerate() {
        writer.add_document(tantivy::doc!(name => entry.name.as_str(), code => entry.code.as_str(), ord => i as u64))?;
    }
    writer.commit()?;
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
    let folded = entries
        .iter()
        .map(|entry| Folded {
            code: entry.code.to_lowercase(),
            words: words(&entry.name),
        })
        .collect();
    Ok(Built {
        reader,
        name,
        code,
        entries,
        folded,
        version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> CourseIndex {
        let courses = [
            ("SIT30821", "Certificate III in Commercial Cookery"),
            ("SIT40521", "Certificate IV in Kitchen Management"),
            ("SIT31021", "Certificate III in Patisserie"),
            ("SIT20421", "Certificate II in Cookery"),
            ("SHB30416", "Certificate III in Hairdressing"),
            (
                "CHC30121",
                "Certificate III in Early Childhood Education and Care",
            ),
            ("BSB30120", "Certificate III in Business"),
            (
                "SIT3082",
                "A made-up short code used to check how codes are ranked",
            ),
        ];
        let entries = courses
            .iter()
            .enumerate()
            .map(|(i, (code, name))| Entry {
                id: i as i64 + 1,
                code: code.to_string(),
                name: name.to_string(),
                slug: format!("c{i}"),
            })
            .collect();
        CourseIndex::new(entries, 1).unwrap()
    }

    fn codes(found: Vec<Entry>) -> Vec<String> {
        found.into_iter().map(|e| e.code).collect()
    }

    #[test]
    fn prefixes_of_every_word_match_as_the_user_types() {
        let index = index();
        assert_eq!(
            codes(index.search("comm coo", Mode::Qualification, 10).unwrap()),
            ["SIT30821"]
        );
        assert_eq!(
            codes(
                index
                    .search("Cert III hair", Mode::Qualification, 10)
                    .unwrap()
            ),
            ["SHB30416"]
        );
        let cookery = codes(index.search("cookery", Mode::Qualification, 10).unwrap());
        assert_eq!(
            cookery,
            ["SIT20421", "SIT30821"],
            "shorter name first among equal matches"
        );
    }

    #[test]
    fn one_typo_is_forgiven_in_words_of_five_letters_or_more() {
        let index = index();
        assert_eq!(
            codes(index.search("cookary", Mode::Qualification, 10).unwrap()),
            ["SIT20421", "SIT30821"]
        );
        assert_eq!(
            codes(index.search("patiserie", Mode::Qualification, 10).unwrap()),
            ["SIT31021"]
        );
        assert!(
            index
                .search("coak", Mode::Qualification, 10)
                .unwrap()
                .is_empty(),
            "short words must be exact"
        );
        assert!(
            index
                .search("cxxkery", Mode::Qualification, 10)
                .unwrap()
                .is_empty(),
            "two typos are too many"
        );
    }

    #[test]
    fn codes_match_by_prefix_with_the_exact_code_first() {
        let index = index();
        assert_eq!(
            codes(index.search("sit30", Mode::Code, 10).unwrap()),
            ["SIT30821", "SIT3082"]
        );
        assert_eq!(
            codes(index.search("SIT3082", Mode::Code, 10).unwrap()),
            ["SIT3082", "SIT30821"],
            "exact code first"
        );
        assert_eq!(
            codes(index.search("sit30821", Mode::Qualification, 10).unwrap()),
            ["SIT30821"],
            "a code in the name box"
        );
        assert!(
            index.search("hair", Mode::Code, 10).unwrap().is_empty(),
            "code mode ignores names"
        );
    }

    #[test]
    fn limits_and_empty_queries() {
        let index = index();
        assert_eq!(
            index
                .search("certificate", Mode::Qualification, 3)
                .unwrap()
                .len(),
            3
        );
        assert!(
            index
                .search("   ", Mode::Qualification, 10)
                .unwrap()
                .is_empty()
        );
        assert!(index.search("", Mode::Code, 10).unwrap().is_empty());
        assert!(
            index
                .search("-- !!", Mode::Qualification, 10)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn rebuild_replaces_the_entries() {
        let index = index();
        index
            .rebuild(
                vec![Entry {
                    id: 9,
                    code: "ICT50220".into(),
                    name: "Diploma of Information Technology".into(),
                    slug: "d".into(),
                }],
                2,
            )
            .unwrap();
        assert_eq!(index.version(), 2);
        assert_eq!(
            codes(index.search("dipl inf", Mode::Qualification, 10).unwrap()),
            ["ICT50220"]
        );
        assert!(
            index
                .search("cookery", Mode::Qualification, 10)
                .unwrap()
                .is_empty()
        );
    }
}
