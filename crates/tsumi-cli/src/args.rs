//! A small command-line argument reader: positional values and `--flag`
//! options, with errors that name the offending argument.

use std::collections::VecDeque;
use std::fmt;

/// An argument error, printed to the user as is.
#[derive(Debug)]
pub struct ArgError(pub String);

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgError {}

/// The remaining arguments of one subcommand.
pub struct Args {
    rest: VecDeque<String>,
}

impl Args {
    /// Wraps the arguments that follow the subcommand name.
    pub fn new(args: impl IntoIterator<Item = String>) -> Args {
        Args {
            rest: args.into_iter().collect(),
        }
    }

    /// Removes a boolean `--name` flag, returning whether it was present.
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns the value.
    pub fn value(&mut self, name: &str) -> Result<Option<String>, ArgError> {
        let prefix = format!("{name}=");
        for i in 0..self.rest.len() {
            if self.rest[i] == name {
                self.rest.remove(i);
                return match self.rest.remove(i) {
                    Some(v) => Ok(Some(v)),
                    None => Err(ArgError(format!("{name} needs a value"))),
                };
            }
            if let Some(v) = self.rest[i].strip_prefix(&prefix) {
                let v = v.to_string();
                self.rest.remove(i);
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// Removes `--name N` and parses it.
    pub fn parsed<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, ArgError> {
        match self.value(name)? {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| ArgError(format!("{name}: '{v}' is not a valid value"))),
        }
    }

    /// The remaining positional arguments; an unknown `--option` is an
    /// error.
    pub fn positionals(self) -> Result<Vec<String>, ArgError> {
        for a in &self.rest {
            if a.starts_with("--") {
                return Err(ArgError(format!("unknown option '{a}'")));
            }
        }
        Ok(self.rest.into_iter().collect())
    }
}
