/* A minimal PNG writer for the demo's picture: 8-bit RGB, no interlacing, every row with filter type
 * 0 (none), the image data one zlib stream of stored (uncompressed) deflate blocks, so it needs no
 * compression library: a CRC-32 per chunk and an Adler-32 over the rows are all it computes
 * (PNG: ISO/IEC 15948; zlib: RFC 1950; deflate stored blocks: RFC 1951 section 3.2.4). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glvk_demo.h"

/* CRC-32 with the reflected polynomial 0xEDB88320, as PNG chunks use, bit by bit (the pictures are
 * small). */
static uint32_t crc32_update(uint32_t crc, const unsigned char* data, size_t size) {
  crc = ~crc;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

static uint32_t adler32(const unsigned char* data, size_t size) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < size; ++i) {
    a = (a + data[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}

static void put_be32(unsigned char* out, uint32_t value) {
  out[0] = (unsigned char)(value >> 24);
  out[1] = (unsigned char)(value >> 16);
  out[2] = (unsigned char)(value >> 8);
  out[3] = (unsigned char)value;
}

/* One chunk: length, type, data, CRC-32 of type and data. */
static int write_chunk(FILE* file, const char type[4], const unsigned char* data, size_t size) {
  unsigned char header[8], crc[4];
  put_be32(header, (uint32_t)size);
  memcpy(header + 4, type, 4);
  put_be32(crc, crc32_update(crc32_update(0, header + 4, 4), data, size));
  return fwrite(header, 1, 8, file) == 8 && fwrite(data, 1, size, file) == size && fwrite(crc, 1, 4, file) == 4;
}

int write_png(const char* path, const unsigned char* rgba, int width, int height) {
  enum { MAX_STORED = 65535 }; /* bytes in one stored deflate block */
  const size_t row_size = 1 + (size_t)width * 3; /* filter byte, then RGB */
  const size_t raw_size = row_size * (size_t)height;
  const size_t blocks = raw_size / MAX_STORED + 1; /* the last one may be short, even empty */
  const size_t zlib_size = 2 + raw_size + blocks * 5 + 4;
  unsigned char* raw = malloc(raw_size);
  unsigned char* zlib = malloc(zlib_size);
  if (!raw || !zlib) {
    free(raw);
    free(zlib);
    return 1;
  }
  /* PNG rows go top first; glReadPixels gave the bottom row first. */
  for (int y = 0; y < height; ++y) {
    unsigned char* row = raw + row_size * (size_t)y;
    const unsigned char* from = rgba + (size_t)(height - 1 - y) * (size_t)width * 4;
    row[0] = 0;
    for (int x = 0; x < width; ++x) memcpy(row + 1 + x * 3, from + x * 4, 3);
  }
  size_t at = 0;
  zlib[at++] = 0x78; /* deflate, 32 KiB window */
  zlib[at++] = 0x01; /* no preset dictionary; (0x78 * 256 + 0x01) % 31 == 0 */
  for (size_t block = 0, offset = 0; block < blocks; ++block) {
    const size_t size = raw_size - offset < MAX_STORED ? raw_size - offset : MAX_STORED;
    zlib[at++] = block + 1 == blocks ? 1 : 0; /* BFINAL, BTYPE 00 (stored) */
    zlib[at++] = (unsigned char)size;
    zlib[at++] = (unsigned char)(size >> 8);
    zlib[at++] = (unsigned char)~size;
    zlib[at++] = (unsigned char)(~size >> 8);
    memcpy(zlib + at, raw + offset, size);
    at += size;
    offset += size;
  }
  put_be32(zlib + at, adler32(raw, raw_size));
  at += 4;

  static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  unsigned char header[13];
  put_be32(header, (uint32_t)width);
  put_be32(header + 4, (uint32_t)height);
  header[8] = 8;  /* bits per channel */
  header[9] = 2;  /* colour type: RGB */
  header[10] = 0; /* compression: deflate */
  header[11] = 0; /* filter method 0 */
  header[12] = 0; /* no interlacing */
  FILE* file = fopen(path, "wb");
  int ok = file && fwrite(kSignature, 1, 8, file) == 8 && write_chunk(file, "IHDR", header, sizeof header) &&
           write_chunk(file, "IDAT", zlib, at) && write_chunk(file, "IEND", header, 0);
  if (file && fclose(file) != 0) ok = 0;
  free(raw);
  free(zlib);
  return ok ? 0 : 1;
}
