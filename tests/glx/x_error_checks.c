/* X error recording for the GLX probes' error paths (x_error_checks.h). */
#include "x_error_checks.h"

#include <stdio.h>

static Display *checked;
static int failures, last_error, error_count;

static int record_error(Display *d, XErrorEvent *e) {
  (void)d;
  last_error = e->error_code;
  ++error_count;
  return 0;
}

void x_checks_begin(Display *dpy) {
  checked = dpy;
  XSetErrorHandler(record_error);
}

void x_expect_error(const char *name, int expected, const char *expected_name) {
  XSync(checked, False);
  if (error_count == 1 && last_error == expected) {
    printf("ok %s (%s)\n", name, expected_name);
  } else {
    printf("FAIL %s: %d errors, last %d, expected %s (%d)\n", name, error_count, last_error, expected_name, expected);
    ++failures;
  }
  error_count = 0;
  last_error = 0;
}

void x_expect(const char *name, int condition) {
  XSync(checked, False);
  if (condition && error_count == 0) {
    printf("ok %s\n", name);
  } else {
    printf("FAIL %s (%d X errors)\n", name, error_count);
    ++failures;
  }
  error_count = 0;
}

int x_check_failures(void) { return failures; }
