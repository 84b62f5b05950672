/* What the GLX vendor needs from Xlib's internal interface (Xlibint.h, a C header).
 * Raising an X protocol error on the client side: GLX errors that a direct-rendering vendor
 * detects itself reach the application the way the server's would, through Xlib's error handler
 * (XSetErrorHandler), with the GLX major opcode. */
#include <X11/Xlibint.h>

void glvk_glx_raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char major_opcode,
                            unsigned char minor_opcode) {
  xError error;
  memset(&error, 0, sizeof error);
  LockDisplay(dpy);
  error.type = X_Error;
  error.errorCode = code;
  error.sequenceNumber = (CARD16)dpy->request;
  error.resourceID = (CARD32)resource;
  error.majorCode = major_opcode;
  error.minorCode = minor_opcode;
  _XError(dpy, &error);
  UnlockDisplay(dpy);
}

/* Calls `hook` when the application closes `dpy` (an extension record of the vendor's own). */
void glvk_glx_on_close_display(Display* dpy, int (*hook)(Display*, XExtCodes*)) {
  XExtCodes* codes = XAddExtension(dpy);
  if (codes) XESetCloseDisplay(dpy, codes->extension, hook);
}
