//! Generated data, written through the areas' own store functions so it can never disagree
//! with what real use writes: the demo accounts and reviews of `serve --demo`, and the bench
//! data set of `seed --bench`.

pub mod bench;
pub mod demo;
