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
    /// The (code, name) of each course this one replaced: typing them finds this one.
    pub replaces: Vec<(String, String)>,
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
    /// Each document's lower-case code and name words, made once for ranking: an entry's
    /// own, then one per course it replaced.
    folded: Vec<Folded>,
    version: i64,
}

struct Folded {
    /// The entry the document finds.
    ord: usize,
    /// A course the entry replaced: its matches rank after every match of a course's own.
    replaced: bool,
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

    /// At most `limit` courses matching what the user typed, best first; a course also by the
    /// names and codes of the courses it replaced, after those matched by their own.
    pub fn search(&self, text: &str, mode: Mode, limit: usize) -> anyhow::Result<Vec<Entry>> {
        self.search_in(text, mode, limit, true)
    }

    /// [`Self::search`] by the courses' own names and codes only.
    pub fn search_own(&self, text: &str, mode: Mode, limit: usize) -> anyhow::Result<Vec<Entry>> {
        self.search_in(text, mode, limit, false)
    }

    fn search_in(
        &self,
        text: &str,
        mode: Mode,
        limit: usize,
        replaced: bool,
    ) -> anyhow::Result<Vec<Entry>> {
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
        // most of the catalogue, so only the best `limit` are put in order. An entry found
        // by its own name and a replaced one's counts once, at its better rank.
        let mut best: Vec<Option<u8>> = vec![None; built.entries.len()];
        for DocAddress {
            segment_ord,
            doc_id,
        } in found
        {
            let column = searcher
                .segment_reader(segment_ord)
                .fast_fields()
                .u64("doc")?;
            if let Some(doc) = column.first(doc_id) {
                let folded = &built.folded[doc as usize];
                if folded.replaced && !replaced {
                    continue;
                }
                let rank = rank(folded, &words, &compact);
                let kept = &mut best[folded.ord];
                *kept = Some(kept.map_or(rank, |r| r.min(rank)));
            }
        }
        let mut matches: Vec<(u8, usize, usize)> = best
            .iter()
            .enumerate()
            .filter_map(|(ord, rank)| Some(((*rank)?, built.entries[ord].name.len(), ord)))
            .collect();
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
/// of the name; 3: a match that needed a typo forgiven; 4 to 7 the same of a replaced course.
fn rank(entry: &Folded, words: &[String], compact: &str) -> u8 {
    own_rank(entry, words, compact) + if entry.replaced { 4 } else { 0 }
}

fn own_rank(entry: &Folded, words: &[String], compact: &str) -> u8 {
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
    let doc = schema.add_u64_field("doc", FAST | STORED);
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
    let mut folded = Vec::with_capacity(entries.len());
    for (ord, entry) in entries.iter().enumerate() {
        let own = std::iter::once((entry.code.as_str(), entry.name.as_str(), false));
        let replaced = entry
            .replaces
            .iter()
            .map(|(c, n)| (c.as_str(), n.as_str(), true));
        for (code_text, name_text, replaced) in own.chain(replaced) {
            writer.add_document(
                tantivy::doc!(name => name_text, code => code_text, doc => folded.len() as u64),
            )?;
            folded.push(Folded {
                ord,
                replaced,
                code: code_text.to_lowercase(),
                words: words(name_text),
            });
        }
    }
    writer.commit()?;
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
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
#[path = "index_tests.rs"]
mod tests;
