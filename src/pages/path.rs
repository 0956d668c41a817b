//! Which page a path asks for, read the way the UI's route table (`ui/src/app/routes.ts`)
//! reads it. Slugs are borrowed from the request only to look them up: nothing the request
//! says is ever written back into a page (canonical URLs use the stored slugs).

/// A page of the site, with the slugs its path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PagePath<'a> {
    Home,
    Industries,
    /// A path the UI sends elsewhere (`/industry` to `/industries`, an unknown page below
    /// `/profile` or `/admin` to that page): a real redirect.
    Moved(&'static str),
    Industry {
        industry: &'a str,
    },
    Career {
        industry: &'a str,
        career: &'a str,
    },
    CourseProviders {
        industry: &'a str,
        career: &'a str,
        course: &'a str,
    },
    /// The course-provider page (login required), at `/course/{course}/{provider}` or below
    /// its course providers page.
    CourseProvider {
        within: Option<(&'a str, &'a str)>,
        course: &'a str,
        provider: &'a str,
    },
    Compare {
        course: &'a str,
    },
    /// A page whose head never changes (search, the information pages, the account pages).
    Fixed(&'static FixedPage),
    /// Anything else: the not-found page, with a 404 (the spec sends it home; search engines
    /// and link checkers need the honest status).
    Unknown,
}

/// A page with a fixed title and description.
#[derive(Debug, PartialEq, Eq)]
pub struct FixedPage {
    pub path: &'static str,
    /// The title's name; the context is the brand unless `context` says otherwise.
    pub name: &'static str,
    pub context: Option<&'static str>,
    pub description: &'static str,
    /// Public pages are listed in the sitemap and open to crawlers; the others (account forms,
    /// the profile, the admin area) say `noindex`.
    pub public: bool,
    /// The schema.org type of the page (`WebPage`, `AboutPage`, ...).
    pub schema_type: &'static str,
    /// The UI source file of the page's lazy chunk, which the page preloads.
    pub module: &'static str,
}

/// An information page of the UI, in a lazy chunk of its own.
const fn info(
    path: &'static str,
    name: &'static str,
    description: &'static str,
    schema_type: &'static str,
    module: &'static str,
) -> FixedPage {
    FixedPage {
        path,
        name,
        context: None,
        description,
        public: true,
        schema_type,
        module,
    }
}

/// The account forms, the profile and the admin area share one lazy chunk (`account-pages.ts`).
const fn private(
    path: &'static str,
    name: &'static str,
    context: Option<&'static str>,
) -> FixedPage {
    FixedPage {
        path,
        name,
        context,
        description: "",
        public: false,
        schema_type: "WebPage",
        module: "src/app/account-pages.ts",
    }
}

/// The descriptions are the pages' own opening copy (their `intro`), shortened to a sentence.
pub static FIXED_PAGES: &[FixedPage] = &[
    info(
        "/search",
        "Search",
        "Find a qualification by its name or its national course code, then compare the training providers that deliver it.",
        "SearchResultsPage",
        "src/features/search/routes/search-page.tsx",
    ),
    info(
        "/about",
        "About",
        "CourseSource is a review site for Australian vocational education and training (VET). Students, graduates and employers rate a course as delivered by the provider that teaches it.",
        "AboutPage",
        "src/features/static-pages/routes/about-page.tsx",
    ),
    info(
        "/about/reviews",
        "Review Moderation",
        "How CourseSource moderates reviews, the reasons we give when a review is not published, and the moderation figures of the last 12 months.",
        "WebPage",
        "src/features/static-pages/routes/review-moderation-page.tsx",
    ),
    info(
        "/competition",
        "Competition",
        "In 2019 CourseSource ran a competition with a $1,000 cash prize for Victorian residents. The competition has closed; its terms are kept for reference.",
        "WebPage",
        "src/features/static-pages/routes/competition-page.tsx",
    ),
    info(
        "/beta-testing-program",
        "Beta Testing Program",
        "Help us test CourseSource and get paid for your feedback: $150.00 for the first 30 employers and $50.00 for the first 30 students who review a course.",
        "WebPage",
        "src/features/static-pages/routes/beta-testing-program-page.tsx",
    ),
    info(
        "/who-benefits/students",
        "Who Benefits: Students",
        "Choosing where to study matters as much as choosing what to study. See what students, graduates and employers say about each provider that delivers your course.",
        "WebPage",
        "src/features/static-pages/routes/who-benefits-students-page.tsx",
    ),
    info(
        "/who-benefits/employers",
        "Who Benefits: Employers",
        "See how each provider's graduates measure up, rated by the people who employ and train them, and share your own view.",
        "WebPage",
        "src/features/static-pages/routes/who-benefits-employers-page.tsx",
    ),
    info(
        "/who-benefits/parents",
        "Who Benefits: Parents",
        "Helping a school leaver decide what comes next? CourseSource helps you look past the brochure to what students and employers actually say.",
        "WebPage",
        "src/features/static-pages/routes/who-benefits-parents-page.tsx",
    ),
    info(
        "/who-benefits/career-advisors",
        "Who Benefits: Career Advisors",
        "First-hand evidence about the providers that deliver each course, from students, graduates and employers, so you can point students to training that works.",
        "WebPage",
        "src/features/static-pages/routes/who-benefits-career-advisors-page.tsx",
    ),
    info(
        "/terms-of-use",
        "Terms of Use",
        "The rules for using CourseSource, including how we moderate reviews.",
        "WebPage",
        "src/features/static-pages/routes/terms-of-use-page.tsx",
    ),
    info(
        "/privacy",
        "Privacy Policy",
        "What personal information CourseSource collects, why, and how we look after it.",
        "WebPage",
        "src/features/static-pages/routes/privacy-page.tsx",
    ),
    info(
        "/contact",
        "Contact",
        "Questions about CourseSource, a review you think we should look at again, or something not working? Send us a message and we'll reply by email.",
        "ContactPage",
        "src/features/contact/routes/contact-page.tsx",
    ),
    private("/login", "Login", None),
    private("/forgot-password", "Forgot Password", None),
    private("/reset-password", "Reset Password", None),
    private("/verify-account", "Verify Account", None),
    private("/sign-up", "Sign Up", None),
    private("/welcome", "Welcome", None),
    private("/favourites", "Favourites", None),
    private("/profile", "My Profile", None),
    private(
        "/profile/reviews",
        "Most Recent Reviews",
        Some("My Profile"),
    ),
    private(
        "/profile/notifications",
        "Notifications",
        Some("My Profile"),
    ),
    private("/profile/courses", "Courses we offer", Some("My Profile")),
    private(
        "/profile/invitations",
        "Invite students",
        Some("My Profile"),
    ),
    private(
        "/profile/notification-settings",
        "Notification settings",
        Some("My Profile"),
    ),
    private("/admin", "Moderate Reviews", Some("Admin")),
    private("/admin/promo-strip", "Promotion Strip", Some("Admin")),
    private("/admin/edit-content", "Edit Content", Some("Admin")),
    private("/admin/search-user", "Search User", Some("Admin")),
    private("/admin/mail", "Mail", Some("Admin")),
    private("/admin/catalogue", "Catalogue", Some("Admin")),
    private("/admin/providers", "Providers", Some("Admin")),
    private("/admin/complaints", "Complaints", Some("Admin")),
    private("/admin/course-details", "Course Details", Some("Admin")),
    private("/legal-complaint", "Make a legal complaint", None),
    private("/represent/verify", "Confirm work email", None),
    private("/unsubscribe", "Unsubscribe", None),
    private("/invitation", "Your invitation to review", None),
];

/// Pages below these take a token or an id the UI reads (`/login/verify-success`,
/// `/reset-password/<token>`): they share the parent's head.
const WITH_PARAMETER: &[&str] = &[
    "/login",
    "/reset-password",
    "/verify-account",
    "/represent/verify",
    "/unsubscribe",
    "/invitation",
];

/// Pages whose unknown subpages the UI sends back to them (`/profile/x` to `/profile`).
const WITH_SUBPAGES: &[&str] = &["/profile", "/admin"];

impl<'a> PagePath<'a> {
    /// Reads a request path (without its query). A trailing slash is ignored, as the UI's
    /// router ignores it.
    pub fn parse(path: &'a str) -> Self {
        let trimmed = path
            .strip_suffix('/')
            .filter(|p| !p.is_empty())
            .unwrap_or(path);
        if let Some(page) = FIXED_PAGES.iter().find(|page| page.path == trimmed) {
            return Self::Fixed(page);
        }
        let segments: Vec<&str> = trimmed.trim_start_matches('/').split('/').collect();
        match segments.as_slice() {
            [""] => Self::Home,
            ["industries"] => Self::Industries,
            ["industry"] => Self::Moved("/industries"),
            ["industry", industry] => Self::Industry { industry },
            ["industry", industry, career] => Self::Career { industry, career },
            ["industry", industry, career, course] => Self::CourseProviders {
                industry,
                career,
                course,
            },
            ["industry", industry, career, course, provider] => Self::CourseProvider {
                within: Some((industry, career)),
                course,
                provider,
            },
            ["course", course, "compare"] => Self::Compare { course },
            ["course", course, provider] => Self::CourseProvider {
                within: None,
                course,
                provider,
            },
            _ => {
                let parent = &trimmed[..trimmed.rfind('/').unwrap_or(0)];
                if let Some(with) = WITH_PARAMETER.iter().find(|with| **with == parent) {
                    FIXED_PAGES
                        .iter()
                        .find(|page| page.path == *with)
                        .map_or(Self::Unknown, Self::Fixed)
                } else if let Some(with) = WITH_SUBPAGES.iter().find(|with| **with == parent) {
                    Self::Moved(with)
                } else {
                    Self::Unknown
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(path: &str) -> Option<&'static str> {
        match PagePath::parse(path) {
            PagePath::Fixed(page) => Some(page.path),
            _ => None,
        }
    }

    #[test]
    fn catalogue_paths_name_their_slugs() {
        assert_eq!(PagePath::parse("/"), PagePath::Home);
        assert_eq!(PagePath::parse("/industries"), PagePath::Industries);
        assert_eq!(PagePath::parse("/industries/"), PagePath::Industries);
        assert_eq!(PagePath::parse("/industry"), PagePath::Moved("/industries"));
        assert_eq!(
            PagePath::parse("/profile/nothing"),
            PagePath::Moved("/profile")
        );
        assert_eq!(PagePath::parse("/admin/nothing"), PagePath::Moved("/admin"));
        assert_eq!(
            PagePath::parse("/industry/hospitality"),
            PagePath::Industry {
                industry: "hospitality"
            }
        );
        assert_eq!(
            PagePath::parse("/industry/hospitality/cook/certificate-iii/"),
            PagePath::CourseProviders {
                industry: "hospitality",
                career: "cook",
                course: "certificate-iii"
            }
        );
        assert_eq!(
            PagePath::parse("/industry/h/c/k/p"),
            PagePath::CourseProvider {
                within: Some(("h", "c")),
                course: "k",
                provider: "p"
            }
        );
        assert_eq!(
            PagePath::parse("/course/k/p"),
            PagePath::CourseProvider {
                within: None,
                course: "k",
                provider: "p"
            }
        );
        assert_eq!(
            PagePath::parse("/course/k/compare"),
            PagePath::Compare { course: "k" }
        );
    }

    #[test]
    fn fixed_pages_and_their_parameters() {
        assert_eq!(fixed("/about"), Some("/about"));
        assert_eq!(fixed("/about/reviews"), Some("/about/reviews"));
        assert_eq!(
            fixed("/who-benefits/parents"),
            Some("/who-benefits/parents")
        );
        assert_eq!(fixed("/login/verify-success"), Some("/login"));
        assert_eq!(fixed("/reset-password/abc.123"), Some("/reset-password"));
        assert_eq!(
            fixed("/represent/verify/abc.123"),
            Some("/represent/verify")
        );
        assert_eq!(fixed("/admin/mail"), Some("/admin/mail"));
        assert_eq!(fixed("/about/nothing"), None);
    }

    #[test]
    fn anything_else_is_unknown() {
        for path in [
            "/no-such-page",
            "/industry/a/b/c/d/e",
            "/course/k",
            "/course",
            "/who-benefits",
            "/represent/verify/a/b",
            "/represent",
            "/profile/reviews/x",
            "/about/reviews/x",
        ] {
            assert_eq!(PagePath::parse(path), PagePath::Unknown, "{path}");
        }
    }
}
