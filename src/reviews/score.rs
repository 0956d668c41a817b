//! A review's score from its answers (DESIGN decision 3): the points of the chosen answers over
//! the most points the questions it was actually asked could give, times five, with the spec's
//! half-star rounding. An 'Unsure' counts as not asked. The client's score is never trusted.

use serde_json::{Map, Value};

use super::questions::ReviewerType;

/// What a review's scored answers add up to, and the most they could have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Points {
    pub got: i64,
    pub most: i64,
}

/// The points of the scored questions a review answered; an answer worth nothing (an
/// 'Unsure') is a question not asked, so it adds to neither side.
pub fn points(reviewer: ReviewerType, answers: &Map<String, Value>) -> Points {
    reviewer
        .questions()
        .iter()
        .filter(|q| q.points)
        .filter_map(|q| {
            let choice = q.choice(answers.get(q.slug)?.as_str()?)?;
            let most = q.answers.iter().map(|c| c.points).max()?;
            (choice.points > 0).then_some((choice.points, most))
        })
        .fold(Points { got: 0, most: 0 }, |sum, (got, most)| Points {
            got: sum.got + got,
            most: sum.most + most,
        })
}

/// The score in half stars (2..=10), or 0 when the review was asked no scored question: it
/// then has no rating (a rated review's worst is 1 star, so 0 never means a score).
pub fn score_halves(reviewer: ReviewerType, answers: &Map<String, Value>) -> i64 {
    halves(points(reviewer, answers))
}

/// stars = got / most * 5: whole stars, plus a half when the fractional part is at least 0.5.
/// Integer arithmetic keeps the .5 edge exact.
pub fn halves(Points { got, most }: Points) -> i64 {
    if most == 0 {
        return 0;
    }
    let whole = got * 5 / most;
    let half = i64::from(2 * (got * 5 % most) >= most);
    whole * 2 + half
}

/// A score in half stars as the API shows it: stars (4.5), or null for a review without a rating.
pub fn stars(score_halves: i64) -> Option<f64> {
    (score_halves > 0).then(|| score_halves as f64 / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_edges_of_the_formula() {
        // (got, most, halves): exact .5 rounds up, just below stays down.
        let cases = [
            (4, 4, 10),  // 5
            (1, 4, 2),   // 1.25: the worst of one question is 1 star
            (6, 22, 2),  // 1.36
            (9, 30, 3),  // 1.5 exactly
            (26, 30, 8), // 4.33
            (27, 30, 9), // 4.5 exactly
            (29, 30, 9), // 4.83
            (11, 16, 6), // 3.4375, the closest below .5
            (0, 0, 0),   // nothing scored: no rating
        ];
        for (got, most, expected) in cases {
            assert_eq!(halves(Points { got, most }), expected, "{got}/{most}");
        }
    }

    #[test]
    fn stars_are_null_without_a_rating() {
        assert_eq!(stars(9), Some(4.5));
        assert_eq!(stars(0), None);
    }
}
