//! 'Most helpful' (DESIGN decision 24): a review's helpfulness is the lower bound of the
//! Wilson score interval (95%) of its likes against its likes and dislikes, so a review with
//! 40 likes of 50 votes ranks above one with its only vote a like. The score is stored with the
//! review in the vote's own transaction (`votes_store`), which lets an index serve the sort.

/// The normal quantile of a two-sided 95% interval.
const Z: f64 = 1.959_963_984_540_054;

/// The Wilson lower bound of `likes` out of `likes + dislikes`; 0 without votes and without
/// likes (exactly, so every such review ties and the newest comes first).
pub fn wilson_lower_bound(likes: i64, dislikes: i64) -> f64 {
    let (likes, dislikes) = (likes.max(0), dislikes.max(0));
    if likes == 0 {
        return 0.0;
    }
    let n = (likes + dislikes) as f64;
    let p = likes as f64 / n;
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n);
    let spread = Z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt();
    ((centre - spread) / (1.0 + z2 / n)).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_votes_and_no_likes_score_zero() {
        assert_eq!(wilson_lower_bound(0, 0), 0.0);
        assert_eq!(wilson_lower_bound(0, 7), 0.0);
    }

    #[test]
    fn known_values() {
        // One like of one vote: z^2 / (1 + z^2).
        let one = wilson_lower_bound(1, 0);
        assert!((one - 0.206_549_3).abs() < 1e-6, "{one}");
        let many = wilson_lower_bound(40, 10);
        assert!((many - 0.669_629).abs() < 1e-6, "{many}");
    }

    #[test]
    fn more_evidence_ranks_higher_at_the_same_share() {
        assert!(wilson_lower_bound(40, 10) > wilson_lower_bound(4, 1));
        assert!(wilson_lower_bound(4, 1) > wilson_lower_bound(1, 0));
        assert!(wilson_lower_bound(10, 0) > wilson_lower_bound(9, 1));
        assert!(wilson_lower_bound(1, 1) > 0.0);
    }
}
