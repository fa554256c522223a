//! Conversions between Python values and the core's types, and errors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tsumi_core::{Color, Hand, Square};
use tsumi_notation::NotationError;

/// A parser's error as `ValueError`, with its message.
pub fn notation_err(e: NotationError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// `0` (Black, 先手) or `1` (White, 後手).
pub fn color_arg(color: i64) -> PyResult<Color> {
    match color {
        0 => Ok(Color::Black),
        1 => Ok(Color::White),
        _ => Err(PyValueError::new_err(format!(
            "color {color}: expected tsumi.BLACK (0) or tsumi.WHITE (1)"
        ))),
    }
}

/// A square given as a USI name (`"5e"`) or an index 0..=80.
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(i) = obj.extract::<i64>() {
        return u8::try_from(i)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| PyValueError::new_err(format!("square index {i} is not in 0..=80")));
    }
    if let Ok(s) = obj.extract::<String>() {
        return Square::from_usi(&s)
            .ok_or_else(|| PyValueError::new_err(format!("'{s}' is not a USI square (1a .. 9i)")));
    }
    Err(PyValueError::new_err(
        "a square is a USI name such as '5e' or an index 0..=80",
    ))
}

/// A hand as `{"R": 1, "P": 3}`: upper-case USI letters, kinds held only,
/// in SFEN order.
pub fn hand_dict(py: Python<'_>, hand: Hand) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (kind, n) in hand.iter_sfen_order() {
        if n > 0 {
            d.set_item(kind.sfen_str(), n)?;
        }
    }
    Ok(d)
}
