#pragma once
// gzip for response bodies (RFC 9110's content coding), when the client's
// Accept-Encoding asks for it and the body is worth compressing.

#include <string>
#include <string_view>

namespace paperdex::serve {

// Whether an Accept-Encoding value accepts gzip: "gzip" or "*" listed with
// a q-value above zero (and gzip not refused by "gzip;q=0").
bool accepts_gzip(std::string_view accept_encoding);

// Whether a body of this Content-Type shrinks when compressed (text, JSON,
// XML, JavaScript, SVG); images and archives are compressed already.
bool compressible_type(std::string_view content_type);

// `body` in the gzip format (RFC 1952).
// @throws std::runtime_error when zlib fails (out of memory).
std::string gzip_compress(std::string_view body);

}  // namespace paperdex::serve
