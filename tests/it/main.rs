//! Every integration test in one binary: one link of the crate instead of fifty, which keeps a
//! clean build small enough for a CI machine's disk and saves minutes of linking. Each module is
//! one area; `cargo test --test it <module>::` runs one.

mod common;

mod admin_content;
mod admin_export;
mod admin_users;
mod answer_cache;
mod authorisation_matrix;
mod backup_restore;
mod catalog;
mod cli;
mod contact;
mod crash;
mod crawlers;
mod demo_reviews;
mod deploy;
mod full_disk;
mod http_errors;
mod import;
mod import_files;
mod litestream;
mod mail;
mod mail_admin;
mod mail_smtp;
mod moderation_decisions;
mod moderation_figures;
mod moderation_queue;
mod moderation_reasons;
mod notifications;
mod page_heads;
mod pages;
mod profile;
mod provider_claims;
mod provider_replies;
mod rate_limits;
mod rating_details;
mod recovery;
mod review_incentives;
mod review_likes;
mod review_list;
mod review_mine;
mod review_questions;
mod review_reports;
mod review_submission;
mod search;
mod security_review;
mod security_review_input;
mod seed_bench;
mod session;
mod signup;
mod staging;
mod storage;
mod token_races;
mod upgrade;
mod web;
