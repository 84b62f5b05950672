/* The error-path checks the GLX probes share: X errors recorded through Xlib's error handler, and
 * each check printed "ok NAME" or "FAIL NAME: why". */
#pragma once

#include <X11/Xlib.h>

/* Installs the recording error handler for `dpy`'s checks. */
void x_checks_begin(Display *dpy);
/* Exactly one X error since the last check, `expected` (named `expected_name` in the output). */
void x_expect_error(const char *name, int expected, const char *expected_name);
/* `condition` holds and no X error came since the last check. */
void x_expect(const char *name, int condition);
/* The checks that failed so far. */
int x_check_failures(void);
