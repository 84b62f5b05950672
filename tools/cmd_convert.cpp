// `glvk convert --from SRC --to DST --width W --height H [--depth D] [--src-stride B] [--dst-stride B]`:
// raw pixels from stdin to stdout through the format library's conversion engine. SRC and DST are
// format names (R8G8B8A8_UNORM) or GL client pairs (GL_RGBA/GL_UNSIGNED_BYTE). The input must be
// exactly src-stride * rows * depth bytes (rows: height, or rows of blocks for a compressed source);
// output is dst-stride * height * depth bytes, padding zero.
#include <glvk/formats/convert.h>

#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"

namespace glvk::tools {

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "glvk convert: %s\n", message.c_str());
  return 1;
}

std::optional<formats::PixelFormat> parse_format(std::string_view text, std::string* error) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) {
    const formats::FormatDesc* d = formats::find_format(text);
    if (!d || d->format == formats::Format::NONE) {
      *error = "unknown format '" + std::string(text) + "'";
      return std::nullopt;
    }
    return formats::PixelFormat(d->format);
  }
  const std::string_view gl_format = text.substr(0, slash), gl_type = text.substr(slash + 1);
  const auto f = formats::gl_client_format_by_name(gl_format);
  const auto t = formats::gl_type_by_name(gl_type);
  if (!f) {
    *error = "unknown GL client format '" + std::string(gl_format) + "'";
    return std::nullopt;
  }
  if (!t) {
    *error = "unknown GL type '" + std::string(gl_type) + "'";
    return std::nullopt;
  }
  auto p = formats::PixelFormat::from_gl(*f, *t);
  if (!p) *error = "GL defines no pixel layout for " + std::string(text);
  return p;
}

bool parse_size(std::string_view text, size_t* out) {
  size_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  *out = v;
  return true;
}

}  // namespace

int run_convert(Args args) {
  std::string_view from, to;
  size_t width = 0, height = 0, depth = 1, src_stride = 0, dst_stride = 0;
  bool have_width = false, have_height = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string_view opt = args[i];
    if (i + 1 >= args.size()) return fail("missing value after " + std::string(opt));
    const std::string_view value = args[++i];
    bool ok = true;
    if (opt == "--from") {
      from = value;
    } else if (opt == "--to") {
      to = value;
    } else if (opt == "--width") {
      ok = parse_size(value, &width), have_width = true;
    } else if (opt == "--height") {
      ok = parse_size(value, &height), have_height = true;
    } else if (opt == "--depth") {
      ok = parse_size(value, &depth);
    } else if (opt == "--src-stride") {
      ok = parse_size(value, &src_stride);
    } else if (opt == "--dst-stride") {
      ok = parse_size(value, &dst_stride);
    } else {
      return fail("unknown option " + std::string(opt));
    }
    if (!ok) return fail("bad number '" + std::string(value) + "' for " + std::string(opt));
  }
  if (from.empty() || to.empty() || !have_width || !have_height)
    return fail("usage: glvk convert --from SRC --to DST --width W --height H [--depth D] [--src-stride B] [--dst-stride B]");
  if (width == 0 || height == 0 || depth == 0 || width > (1u << 20) || height > (1u << 20) || depth > (1u << 16))
    return fail("width, height and depth must be between 1 and 2^20 (depth 2^16)");
  std::string error;
  const auto src = parse_format(from, &error);
  if (!src) return fail(error);
  const auto dst = parse_format(to, &error);
  if (!dst) return fail(error);
  const formats::ConvertStatus status = formats::can_convert(*dst, *src);
  if (status != formats::ConvertStatus::OK)
    return fail(std::string(formats::convert_status_name(status)) + ": cannot convert " + std::string(from) + " to " +
                std::string(to));
  const size_t src_row = src->row_bytes(unsigned(width)), dst_row = dst->row_bytes(unsigned(width));
  if (src_stride == 0) src_stride = src_row;
  if (dst_stride == 0) dst_stride = dst_row;
  if (src_stride < src_row) return fail("--src-stride " + std::to_string(src_stride) + " is below the row size " + std::to_string(src_row));
  if (dst_stride < dst_row) return fail("--dst-stride " + std::to_string(dst_stride) + " is below the row size " + std::to_string(dst_row));
  // Compressed sources: strides and rows count rows of blocks; each of the `depth` slices holds
  // block_rows(height) of them.
  const size_t src_rows = src->block_rows(unsigned(height)), dst_rows = dst->block_rows(unsigned(height));
  const size_t src_slice = src_stride * src_rows, dst_slice = dst_stride * dst_rows;
  const size_t expected = src_slice * depth;
  const size_t rows = src_rows * depth;

  std::vector<uint8_t> input;
  uint8_t chunk[1 << 16];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), stdin)) > 0) {
    input.insert(input.end(), chunk, chunk + n);
    if (input.size() > expected) break;
  }
  if (std::ferror(stdin)) return fail("cannot read stdin");
  if (input.size() != expected)
    return fail("input is " + std::string(input.size() > expected ? "more than " : "") + std::to_string(input.size()) +
                " bytes, expected " + std::to_string(expected) + " (" + std::to_string(src_stride) + " x " +
                std::to_string(rows) + ")");

  std::vector<uint8_t> output(dst_slice * depth, 0);
  for (size_t z = 0; z < depth; ++z) {
    const formats::ConvertStatus done =
        formats::convert(output.data() + z * dst_slice, *dst, dst_stride, input.data() + z * src_slice, *src,
                         src_stride, unsigned(width), unsigned(height));
    if (done != formats::ConvertStatus::OK) return fail(formats::convert_status_name(done));
  }
  if (std::fwrite(output.data(), 1, output.size(), stdout) != output.size() || std::fflush(stdout) != 0)
    return fail("cannot write stdout");
  return 0;
}

}  // namespace glvk::tools
