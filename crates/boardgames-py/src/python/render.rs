//! SVG pictures rasterised by resvg into `uint8` RGB arrays (`render_mode="rgb_array"`).

use std::sync::{Arc, OnceLock};

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use resvg::tiny_skia;
use resvg::usvg;

use super::error::value_error;

/// The system's fonts, loaded once (the pictures' labels; without fonts they are left out).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// Rasterises `svg` at `width` pixels (the height keeps the picture's proportions) on a white
/// background: `(height, width, rgb)` bytes.
///
/// # Errors
///
/// The parser's message if `svg` is not an SVG picture, or a message for a width of 0 or
/// above 8192 pixels.
pub(crate) fn rasterise(svg: &str, width: u32) -> Result<(Vec<u8>, u32, u32), String> {
    if width == 0 || width > 8192 {
        return Err(format!("width {width}: expected 1 to 8192 pixels"));
    }
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size();
    let scale = f64::from(width) / f64::from(size.width());
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let height = ((f64::from(size.height()) * scale).round() as u32).clamp(1, 8192);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or("no pixmap of that size")?;
    pixmap.fill(tiny_skia::Color::WHITE);
    #[allow(clippy::cast_possible_truncation)]
    let s = scale as f32;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(s, s),
        &mut pixmap.as_mut(),
    );
    // Opaque pixels: the premultiplied colours are the colours.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok((rgb, width, height))
}

/// `rasterise` as a numpy array `(height, width, 3)` of `uint8`, the GIL released meanwhile.
pub(crate) fn to_array<'py>(py: Python<'py>, svg: &str, width: u32) -> PyResult<Bound<'py, PyAny>> {
    let (rgb, w, h) = py.detach(|| rasterise(svg, width)).map_err(value_error)?;
    let array = PyArray1::from_vec(py, rgb).reshape([h as usize, w as usize, 3])?;
    Ok(array.into_any())
}

/// Rasterises an SVG picture into a `(height, width, 3)` `uint8` array.
#[pyfunction]
#[pyo3(signature = (svg, width = 480))]
fn rasterise_svg<'py>(py: Python<'py>, svg: &str, width: u32) -> PyResult<Bound<'py, PyAny>> {
    to_array(py, svg, width)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rasterise_svg, m)?)
}
