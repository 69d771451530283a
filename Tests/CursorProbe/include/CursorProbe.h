#ifndef WATERFALL_CURSOR_PROBE_H
#define WATERFALL_CURSOR_PROBE_H

#include <stddef.h>

/// The cursor an X server shows now, as XFixes reports it (`XFixesGetCursorImage`).
typedef struct waterfall_cursor_image {
    /// The cursor's name when it has one (libXcursor names the theme cursors it loads: "hand2", "watch"), else "".
    char name[64];
    unsigned long serial;
    int width;
    int height;
} waterfall_cursor_image;

/// Fills `image` with the cursor `display_name` shows now, through a connection of its own. Returns 0, or -1 when
/// the display cannot be opened, -2 when it has no XFixes extension, -3 when the server returns no image.
int waterfall_current_cursor(const char *display_name, waterfall_cursor_image *image);

#endif
