//! The jans and their points: the glossary's examples, the tariff, properties.

mod glossary;
mod properties;
mod tariff;
