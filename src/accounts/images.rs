//! Profile images (DESIGN decision 9): the browser crops to a square PNG of 220 px; the
//! server accepts only a PNG of at most 220 x 220 pixels and 300 KB, decodes and re-encodes
//! it (dropping anything hidden in the file), stores it under `uploads/` with a random name
//! and serves it at `/media/<name>`.

use std::sync::Arc;

use std::{io::Cursor, path::Path};

use axum::{
    extract::{Path as UrlPath, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::Engine;
use image::{ImageFormat, ImageReader};

use crate::{config::Settings, error::AppError};

pub const MAX_BYTES: usize = 300 * 1024;
pub const MAX_SIDE: u32 = 220;
/// Everything one decode may allocate: the largest picture accepted (220 x 220, 16-bit RGBA) is
/// under 400 KB, and a colour profile or a text chunk that inflates beyond this is refused,
/// not unpacked (a few hundred KB of zeros can hold hundreds of MB).
const MAX_DECODE_BYTES: u64 = 2 * 1024 * 1024;
/// Decodes at once, each on a blocking thread: a burst of uploads waits its turn rather than
/// taking the async workers or the memory.
static DECODES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);
const INVALID: &str = "Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB";

/// Decodes a base64 PNG (a `data:image/png;base64,` prefix is allowed) into a clean PNG.
pub fn clean_png(encoded: &str) -> Result<Vec<u8>, AppError> {
    let invalid = || AppError::invalid(Some("profileImage"), INVALID);
    let data = encoded.trim();
    let data = data.strip_prefix("data:image/png;base64,").unwrap_or(data);
    if data.len() > MAX_BYTES.div_ceil(3) * 4 + 4 {
        return Err(invalid());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| invalid())?;
    if bytes.len() > MAX_BYTES || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err(invalid());
    }
    let mut reader = ImageReader::with_format(Cursor::new(&bytes), ImageFormat::Png);
    reader.limits({
        let mut limits = image::Limits::default();
        limits.max_image_width = Some(MAX_SIDE);
        limits.max_image_height = Some(MAX_SIDE);
        limits.max_alloc = Some(MAX_DECODE_BYTES);
        limits
    });
    let picture = reader.decode().map_err(|_| invalid())?;
    let mut clean = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut clean), ImageFormat::Png)
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(clean)
}

/// [`clean_png`] on a blocking thread, at most two at a time.
pub async fn clean_png_off_workers(encoded: String) -> Result<Vec<u8>, AppError> {
    let _turn = DECODES
        .acquire()
        .await
        .map_err(|err| AppError::Internal(err.into()))?;
    tokio::task::spawn_blocking(move || clean_png(&encoded))
        .await
        .map_err(|err| AppError::Internal(err.into()))?
}

/// Writes the PNG under a new random name and answers the name. A full disk answers 503
/// (and leaves no partial file), like a full database.
pub fn store(uploads: &Path, png: &[u8]) -> Result<String, AppError> {
    const WHAT: &str = "cannot store a profile image";
    std::fs::create_dir_all(uploads).map_err(|err| AppError::from_io(err, WHAT))?;
    let name = format!("{}.png", uuid::Uuid::new_v4().simple());
    let path = uploads.join(&name);
    if let Err(err) = std::fs::write(&path, png) {
        let _ = std::fs::remove_file(&path);
        return Err(AppError::from_io(err, WHAT));
    }
    Ok(name)
}

/// Removes a stored image; a missing file is fine.
pub fn remove(uploads: &Path, name: &str) {
    if is_stored_name(name) {
        let _ = std::fs::remove_file(uploads.join(name));
    }
}

fn is_stored_name(name: &str) -> bool {
    name.strip_suffix(".png")
        .is_some_and(|stem| stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `GET /media/<name>`: a stored profile image. Names are random and never reused.
pub async fn serve(
    State(settings): State<Arc<Settings>>,
    UrlPath(name): UrlPath<String>,
) -> Response {
    if !is_stored_name(&name) {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    match tokio::fs::read(settings.data_dir.uploads().join(&name)).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "Not found").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> String {
        let picture = image::RgbaImage::from_pixel(width, height, image::Rgba([10, 120, 200, 255]));
        let mut bytes = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    #[test]
    fn accepts_a_square_png_up_to_220() {
        assert!(clean_png(&png(220, 220)).is_ok());
        assert!(clean_png(&format!("data:image/png;base64,{}", png(64, 64))).is_ok());
    }

    #[test]
    fn refuses_too_large_non_png_and_garbage() {
        assert!(clean_png(&png(221, 220)).is_err());
        assert!(clean_png(&png(100, 400)).is_err());
        assert!(clean_png("not base64 at all!").is_err());
        let gif = base64::engine::general_purpose::STANDARD.encode(b"GIF89a........");
        assert!(clean_png(&gif).is_err());
        let truncated = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nrest");
        assert!(clean_png(&truncated).is_err());
        assert!(clean_png(&"A".repeat(500_000)).is_err());
    }

    #[test]
    fn stored_names_are_random_hex() {
        assert!(is_stored_name("0123456789abcdef0123456789abcdef.png"));
        assert!(!is_stored_name("../app.db")); // a traversal: not-a-path-read
        assert!(!is_stored_name("0123456789abcdef0123456789abcdef.png/../x"));
    }
}
