//! The account rules of the specification, with its messages: names, email, password,
//! gender, user type, the student's nickname and date of birth, the employer's business
//! fields and ABN. Sign-up and the profile forms both check through these.

use time::{Date, Month};

use crate::{
    auth::password::{PASSWORD_RULE_MESSAGE, meets_rule},
    error::ErrorItem,
    fields::is_valid_email,
};

pub const NAME_MAX: usize = 50;
pub const EMAIL_MAX: usize = 254;
pub const PASSWORD_MAX: usize = 128;
pub const TEXT_MAX: usize = 100;
/// The highest default avatar number: the UI ships six per user type (0 to 5).
pub const AVATAR_MAX: i64 = 5;

pub const GENDERS: [&str; 3] = ["Male", "Female", "Other"];

pub const EMAIL_IN_USE: &str = "This email address is already in use.";
pub const EMAIL_UNAVAILABLE: &str = "This email address is unavailable.";
pub const NICKNAME_TAKEN: &str = "This Nick name is taken.";

/// Names and the employer's text fields are one line each, shown on the site and in mails:
/// their control and bidirectional characters are removed before any rule looks at them.
pub fn clean_names<const N: usize>(fields: [&mut String; N]) {
    for field in fields {
        *field = crate::fields::single_line(field);
    }
}

/// Collects the messages of one form, in the order the fields appear.
#[derive(Default)]
pub struct Problems(pub Vec<ErrorItem>);

impl Problems {
    pub fn add(&mut self, param: &str, msg: impl Into<String>) {
        self.0.push(ErrorItem::field(param, msg));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A required name of at least two characters ('First name', 'Last name', 'Nick name').
    pub fn name(&mut self, param: &str, label: &str, value: &str) {
        let length = value.trim().chars().count();
        if length == 0 {
            self.add(param, format!("{label} is required"));
        } else if length < 2 {
            self.add(param, format!("{label} must be at least 2 characters long"));
        } else if length > NAME_MAX {
            self.add(
                param,
                format!("{label} must not be longer than {NAME_MAX} characters"),
            );
        }
    }

    /// A required free-text field such as 'Business Name' or 'Job Title'.
    pub fn required_text(&mut self, param: &str, label: &str, value: &str) {
        let length = value.trim().chars().count();
        if length == 0 {
            self.add(param, format!("{label} is required"));
        } else if length > TEXT_MAX {
            self.add(
                param,
                format!("{label} must not be longer than {TEXT_MAX} characters"),
            );
        }
    }

    /// Email and its confirmation; `email` is already trimmed and lower-cased.
    pub fn email_pair(&mut self, email: &str, confirm: &str) {
        self.email(email);
        if confirm.trim().is_empty() {
            self.add("emailConfirm", "Confirm email is required");
        } else if confirm.trim().to_lowercase() != email {
            self.add("emailConfirm", "Email does not match");
        }
    }

    pub fn email(&mut self, email: &str) {
        if email.is_empty() {
            self.add("email", "Email is required");
        } else if email.len() > EMAIL_MAX || !is_valid_email(email) {
            self.add("email", "Please enter a valid email");
        }
    }

    /// A new password and its confirmation.
    pub fn new_password(
        &mut self,
        param: &str,
        password: &str,
        confirm_param: &str,
        confirm: &str,
    ) {
        if password.is_empty() {
            self.add(param, "Password is required");
        } else if password.chars().count() > PASSWORD_MAX {
            self.add(
                param,
                format!("Password must not be longer than {PASSWORD_MAX} characters"),
            );
        } else if !meets_rule(password) {
            self.add(param, PASSWORD_RULE_MESSAGE);
        }
        if confirm != password {
            self.add(confirm_param, "Password does not match");
        }
    }

    pub fn gender(&mut self, gender: &str) {
        if !GENDERS.contains(&gender) {
            self.add("gender", "Please select your gender");
        }
    }

    pub fn avatar(&mut self, avatar: i64) {
        if !(0..=AVATAR_MAX).contains(&avatar) {
            self.add(
                "avatar",
                format!("Avatar must be a number from 0 to {AVATAR_MAX}"),
            );
        }
    }

    /// An ABN of 11 digits that passes the check-digit rule.
    pub fn abn(&mut self, abn: &str) {
        if abn.trim().is_empty() {
            self.add("abn", "ABN is required");
        } else if !abn_is_valid(abn) {
            self.add("abn", "Please enter a valid ABN");
        }
    }

    /// A date of birth 'DD MMMM YYYY' between 1 January 1900 and `today`.
    pub fn date_of_birth(&mut self, value: &str, today: Date) -> Option<Date> {
        if value.trim().is_empty() {
            self.add("dateOfBirth", "Date of Birth is required");
            return None;
        }
        match parse_date_of_birth(value) {
            Some(date) if date >= earliest_birth_date() && date <= today => Some(date),
            _ => {
                self.add(
                    "dateOfBirth",
                    "Date of Birth must be a date between 1 January 1900 and today",
                );
                None
            }
        }
    }
}

pub fn earliest_birth_date() -> Date {
    Date::from_calendar_date(1900, Month::January, 1).expect("a valid date")
}

/// The ABN check-digit rule: subtract 1 from the first digit, weight the digits
/// 10, 1, 3, 5, ..., 19, and the sum must divide by 89. Spaces are allowed between digits.
pub fn abn_is_valid(abn: &str) -> bool {
    const WEIGHTS: [u32; 11] = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    let digits: Vec<u32> = abn
        .chars()
        .filter(|c| *c != ' ')
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()
        .unwrap_or_default();
    if digits.len() != 11 || digits[0] == 0 {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .zip(WEIGHTS)
        .enumerate()
        .map(|(i, (d, w))| if i == 0 { (d - 1) * w } else { d * w })
        .sum();
    sum.is_multiple_of(89)
}

/// The 11 digits of an ABN, without spaces.
pub fn abn_digits(abn: &str) -> String {
    abn.chars().filter(char::is_ascii_digit).collect()
}

/// 'DD MMMM YYYY', e.g. '04 March 2004' (the day may have one digit, the month any case).
pub fn parse_date_of_birth(value: &str) -> Option<Date> {
    let mut parts = value.split_whitespace();
    let (day, month, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || day.len() > 2 || year.len() != 4 {
        return None;
    }
    let month = (1..=12u8)
        .map(|m| Month::try_from(m).expect("1 to 12"))
        .find(|m| m.to_string().eq_ignore_ascii_case(month))?;
    Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

/// The spec's format for a stored date of birth: two-digit day, full month, four-digit year.
pub fn format_date_of_birth(date: Date) -> String {
    format!("{:02} {} {}", date.day(), date.month(), date.year())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(problems: Problems) -> Vec<String> {
        problems.0.into_iter().map(|e| e.msg).collect()
    }

    #[test]
    fn abn_check_digits() {
        for good in ["51824753556", "51 824 753 556", "53004085616"] {
            assert!(abn_is_valid(good), "{good}");
        }
        for bad in [
            "51824753557",
            "5182475355",
            "518247535561",
            "5182475355a",
            "",
            "00000000000",
        ] {
            assert!(!abn_is_valid(bad), "{bad}");
        }
    }

    #[test]
    fn names() {
        let mut p = Problems::default();
        p.name("firstName", "First name", "");
        p.name("firstName", "First name", " A ");
        p.name("lastName", "Last name", &"x".repeat(51));
        p.name("lastName", "Last name", "Li");
        assert_eq!(
            messages(p),
            [
                "First name is required",
                "First name must be at least 2 characters long",
                "Last name must not be longer than 50 characters",
            ]
        );
    }

    #[test]
    fn emails_and_passwords() {
        let mut p = Problems::default();
        p.email_pair("", "");
        p.email_pair("sam@example", "sam@example");
        p.email_pair("sam@example.com", "SAM@example.com ");
        p.email_pair("sam@example.com", "sam@example.org");
        p.new_password("password", "", "passwordConfirm", "");
        p.new_password("password", "secret12", "passwordConfirm", "secret12");
        p.new_password("password", "Secret12", "passwordConfirm", "Secret13");
        assert_eq!(
            messages(p),
            [
                "Email is required",
                "Confirm email is required",
                "Please enter a valid email",
                "Email does not match",
                "Password is required",
                PASSWORD_RULE_MESSAGE,
                "Password does not match",
            ]
        );
    }

    #[test]
    fn dates_of_birth() {
        let today = Date::from_calendar_date(2026, Month::November, 22).unwrap();
        assert_eq!(
            parse_date_of_birth("04 March 2004"),
            Date::from_calendar_date(2004, Month::March, 4).ok()
        );
        assert_eq!(
            parse_date_of_birth("4 march 2004"),
            Date::from_calendar_date(2004, Month::March, 4).ok()
        );
        for bad in [
            "2004-03-04",
            "31 February 2004",
            "04 Mar 2004",
            "04 March 04",
            "04 March 2004 x",
        ] {
            assert_eq!(parse_date_of_birth(bad), None, "{bad}");
        }
        let mut p = Problems::default();
        assert!(p.date_of_birth("01 January 1900", today).is_some());
        assert!(p.date_of_birth("22 November 2026", today).is_some());
        assert!(p.date_of_birth("31 December 1899", today).is_none());
        assert!(p.date_of_birth("23 November 2026", today).is_none());
        assert!(p.date_of_birth("", today).is_none());
        assert_eq!(
            messages(p),
            [
                "Date of Birth must be a date between 1 January 1900 and today",
                "Date of Birth must be a date between 1 January 1900 and today",
                "Date of Birth is required",
            ]
        );
        assert_eq!(
            format_date_of_birth(Date::from_calendar_date(2004, Month::March, 4).unwrap()),
            "04 March 2004"
        );
    }
}
