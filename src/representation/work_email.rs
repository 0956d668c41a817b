//! Whether a representative's work email belongs to the provider: its domain is the domain of
//! the provider's website (without a leading `www.`) or a subdomain of it.

use url::Url;

/// The domain of a provider's website ('https://www.harbourlight.example/x' gives
/// 'harbourlight.example'); `None` when the provider has no usable address.
pub fn website_domain(website_url: &str) -> Option<String> {
    let url = Url::parse(website_url.trim()).ok()?;
    let host = url.host_str()?.trim_end_matches('.').to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_owned();
    host.contains('.').then_some(host)
}

/// The part of an email address after its '@', lower-cased.
pub fn email_domain(email: &str) -> String {
    email
        .rsplit_once('@')
        .map(|(_, domain)| domain.trim_end_matches('.').to_ascii_lowercase())
        .unwrap_or_default()
}

/// Whether `email` is an address on the website's domain or one of its subdomains.
pub fn email_matches(email: &str, website_domain: &str) -> bool {
    let domain = email_domain(email);
    domain == website_domain || domain.ends_with(&format!(".{website_domain}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn website_domains_drop_www_and_paths() {
        assert_eq!(
            website_domain("https://www.harbourlight-skills.example/courses?x=1").as_deref(),
            Some("harbourlight-skills.example")
        );
        assert_eq!(
            website_domain("http://Campus.TAFE.edu.au").as_deref(),
            Some("campus.tafe.edu.au")
        );
        assert_eq!(website_domain(""), None);
        assert_eq!(website_domain("not a url"), None);
        assert_eq!(website_domain("http://localhost:8080"), None);
    }

    #[test]
    fn emails_match_the_domain_or_a_subdomain_only() {
        let site = "harbourlight-skills.example";
        assert!(email_matches("jo@harbourlight-skills.example", site));
        assert!(email_matches("jo@Staff.Harbourlight-Skills.example", site));
        assert!(!email_matches("jo@evilharbourlight-skills.example", site));
        assert!(!email_matches("jo@gmail.com", site));
        assert!(!email_matches(
            "harbourlight-skills.example@gmail.com",
            site
        ));
    }
}
