//! A review's score from its answers (DESIGN decision 3): the client's score is never trusted.

use serde_json::{Map, Value};

use super::questions::ReviewerType;

/// The lowest raw total a review can have, whatever was answered.
pub const MIN_RAW: i64 = 8;

/// The sum of the points of the chosen answers; answers that are no choice count nothing.
pub fn raw_points(reviewer: ReviewerType, answers: &Map<String, Value>) -> i64 {
    reviewer
        .questions()
        .iter()
        .filter_map(|q| {
            answers
                .get(q.slug)
                .and_then(Value::as_str)
                .and_then(|answer| q.choice(answer))
        })
        .map(|choice| choice.points)
        .sum()
}

/// The score in half stars (0..=10) of a review's answers.
pub fn score_halves(reviewer: ReviewerType, answers: &Map<String, Value>) -> i64 {
    halves_from_raw(reviewer, raw_points(reviewer, answers))
}

/// raw = max(8, points), stars = raw / max * 5, whole stars plus a half when the fractional
/// part is at least 0.5. Integer arithmetic keeps the .5 edge exact.
pub fn halves_from_raw(reviewer: ReviewerType, points: i64) -> i64 {
    let max = reviewer.max_raw();
    let raw = points.clamp(MIN_RAW, max);
    let whole = raw * 5 / max;
    let half = i64::from(2 * (raw * 5 % max) >= max);
    whole * 2 + half
}

/// A score in half stars as the API shows it, in stars (4.5).
pub fn stars(score_halves: i64) -> f64 {
    score_halves as f64 / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use ReviewerType::{Employer, Student};

    #[test]
    fn rounding_edges_of_the_formula() {
        // (type, raw, halves): exact .5 rounds up, just below stays down, minimum 8.
        let cases = [
            (Student, 0, 2),   // raw 8: 1.33 stars
            (Student, 8, 2),   // 1.33
            (Student, 9, 3),   // 1.5 exactly
            (Student, 26, 8),  // 4.33
            (Student, 27, 9),  // 4.5 exactly
            (Student, 29, 9),  // 4.83
            (Student, 30, 10), // 5
            (Employer, 8, 2),  // 1.25
            (Employer, 15, 4), // 2.34
            (Employer, 16, 5), // 2.5 exactly
            (Employer, 22, 6), // 3.4375, the closest below .5
            (Employer, 23, 7), // 3.59
            (Employer, 32, 10),
        ];
        for (reviewer, raw, halves) in cases {
            assert_eq!(
                halves_from_raw(reviewer, raw),
                halves,
                "{reviewer:?} raw {raw}"
            );
        }
    }
}
