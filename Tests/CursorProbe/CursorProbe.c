// XFixes' view of the cursor on screen, for the tests. In C, with a connection of its own, so that the XFixes
// headers stay out of the Swift modules (which see Xlib through CX11 only).
#include "CursorProbe.h"

#include <string.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>

int waterfall_current_cursor(const char *display_name, waterfall_cursor_image *image) {
    Display *display = XOpenDisplay(display_name);
    if (display == NULL) return -1;
    int event_base = 0, error_base = 0;
    if (!XFixesQueryExtension(display, &event_base, &error_base)) {
        XCloseDisplay(display);
        return -2;
    }
    int major = 0, minor = 0;
    XFixesQueryVersion(display, &major, &minor);  // cursor names need version 2
    XFixesCursorImage *cursor = XFixesGetCursorImage(display);
    if (cursor == NULL) {
        XCloseDisplay(display);
        return -3;
    }
    memset(image, 0, sizeof *image);
    if (cursor->name != NULL) strncpy(image->name, cursor->name, sizeof image->name - 1);
    image->serial = cursor->cursor_serial;
    image->width = cursor->width;
    image->height = cursor->height;
    XFree(cursor);
    XCloseDisplay(display);
    return 0;
}
