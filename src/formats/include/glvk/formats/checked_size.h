// Checked size arithmetic: every byte count, offset and extent glvk derives from GL arguments is
// computed in 64 bits, and a step that overflows (or a negative input) makes the result invalid
// instead of wrapping. An entry point compares the result with its limit (`fits`) and raises the
// spec's error; nothing downstream ever sees a wrapped size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace glvk::formats {

class CheckedSize {
 public:
  constexpr CheckedSize() = default;
  // Any integer: a negative one is invalid (sizes, counts and offsets are never negative).
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  constexpr CheckedSize(T v) : value_(std::uint64_t(v)), valid_(!(std::is_signed_v<T> && v < 0)) {}  // NOLINT

  static constexpr CheckedSize invalid() {
    CheckedSize c;
    c.valid_ = false;
    return c;
  }

  constexpr bool valid() const { return valid_; }
  // The value; only meaningful when valid().
  constexpr std::uint64_t value() const { return value_; }
  // Valid and at most `limit` (an inclusive bound).
  constexpr bool fits(std::uint64_t limit) const { return valid_ && value_ <= limit; }
  // Valid and representable as T (a GLint, a size_t, ...).
  template <typename T>
  constexpr bool fits_in() const {
    return valid_ && value_ <= std::uint64_t(std::numeric_limits<T>::max());
  }
  // The value as T when it fits, else `otherwise`.
  template <typename T>
  constexpr T value_or(T otherwise) const {
    return fits_in<T>() ? T(value_) : otherwise;
  }

  friend constexpr CheckedSize operator+(CheckedSize a, CheckedSize b) {
    std::uint64_t r = 0;
    if (!a.valid_ || !b.valid_ || __builtin_add_overflow(a.value_, b.value_, &r)) return invalid();
    return CheckedSize(r);
  }
  friend constexpr CheckedSize operator*(CheckedSize a, CheckedSize b) {
    std::uint64_t r = 0;
    if (!a.valid_ || !b.valid_ || __builtin_mul_overflow(a.value_, b.value_, &r)) return invalid();
    return CheckedSize(r);
  }
  // a - b; invalid when b > a (a size cannot go negative).
  friend constexpr CheckedSize operator-(CheckedSize a, CheckedSize b) {
    if (!a.valid_ || !b.valid_ || b.value_ > a.value_) return invalid();
    return CheckedSize(a.value_ - b.value_);
  }
  // a << n: a level's size scaled back to level 0 (width << level); invalid past 64 bits.
  friend constexpr CheckedSize operator<<(CheckedSize a, int n) {
    if (!a.valid_ || n < 0 || n >= 64 || (a.value_ && std::uint64_t(__builtin_clzll(a.value_)) < std::uint64_t(n)))
      return invalid();
    return CheckedSize(a.value_ << n);
  }
  CheckedSize& operator+=(CheckedSize b) { return *this = *this + b; }
  CheckedSize& operator*=(CheckedSize b) { return *this = *this * b; }

 private:
  std::uint64_t value_ = 0;
  bool valid_ = true;
};

// Whether [offset, offset + size) lies inside [0, limit): the range check of every buffer and
// client-memory access, immune to offset + size wrapping.
constexpr bool range_inside(CheckedSize offset, CheckedSize size, std::uint64_t limit) {
  return (offset + size).fits(limit);
}

}  // namespace glvk::formats
