/*
 * frame-floor: the least work a wheel-scrolled frame can do under this X server.
 *
 * `waterfall-demo bench` times each wheel notch from sending the event to the server having handled the
 * presented frame. This program times the same path with nothing of ours in it, so that bench's times can be
 * stated as a ratio to it, measured in the same run on the same server (absolute times do not travel between
 * machines; the ratio does). Per notch, as bench does:
 *
 *   start clock -> XSendEvent(wheel press to our own window) -> XNextEvent (reads it back)
 *   -> XCopyArea the cards' area up by the step -> one XFillRectangle of the strip that came into view
 *   -> XdbeSwapBuffers -> XSync -> stop clock
 *
 * The window is bench's: --width x --height, of which the cards' area is the window less the 20 px status bar
 * at the bottom and the 12 px scroll bar at the right (WaterfallWindow.statusBarHeight, ScrollBar.defaultWidth).
 * Like bench's window it draws through an Xdbe back buffer with the "copied" swap action (the buffer keeps its
 * pixels after a swap, so a frame can move them) and a GC without graphics exposures.
 *
 * What it leaves out, because no frame needs it: cards (the strip is one rectangle of one colour), text, the
 * status bar and the scroll bar (drawn once, never again). Whatever our frame costs above this is the price of
 * the cards, the text and the bars, and of our own code.
 *
 *   frame-floor [--width W] [--height H] [--notches N] [--step S]     (defaults: bench's 1920, 1080, 1000, 64)
 *
 * Prints one JSON line: {"frames":N,"p50Ms":..,"p99Ms":..,"maxMs":..}, percentiles by nearest rank as bench's.
 * Exit status: 0; 2 for a bad argument; 1 when the display cannot be opened or has no Xdbe.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdbe.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* bench's window: the status bar under the cards, the scroll bar right of them. */
enum { STATUS_BAR_HEIGHT = 20, SCROLL_BAR_WIDTH = 12 };

static void usage_error(const char *message, const char *value)
{
    fprintf(stderr, "frame-floor: %s%s%s\n", message, value ? ": " : "", value ? value : "");
    exit(2);
}

/* A whole number from `lo` to `hi`, or exit 2 naming the option. */
static long parse_whole(const char *option, const char *text, long lo, long hi)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end || value < lo || value > hi) {
        fprintf(stderr, "frame-floor: %s is '%s'; it must be a whole number from %ld to %ld\n", option, text, lo, hi);
        exit(2);
    }
    return value;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* BenchResult.percentile: nearest rank, ceil(fraction * n) - 1, clamped to the samples. */
static double percentile(const double *sorted, long n, double fraction)
{
    long rank = (long)ceil(fraction * (double)n) - 1;
    if (rank < 0) rank = 0;
    if (rank > n - 1) rank = n - 1;
    return sorted[rank];
}

/* bench rounds to the microsecond: (ms * 1000).rounded() / 1000. */
static double rounded(double ms) { return round(ms * 1000) / 1000; }

int main(int argc, char **argv)
{
    long width = 1920, height = 1080, notches = 1000, step = 64;
    for (int i = 1; i < argc; i++) {
        const char *option = argv[i];
        if (!strcmp(option, "--help") || !strcmp(option, "-h")) {
            puts("usage: frame-floor [--width W] [--height H] [--notches N] [--step S]");
            return 0;
        }
        if (i + 1 >= argc) usage_error("missing value or unknown argument", option);
        const char *value = argv[++i];
        if (!strcmp(option, "--width")) width = parse_whole(option, value, SCROLL_BAR_WIDTH + 1, 32767);
        else if (!strcmp(option, "--height")) height = parse_whole(option, value, STATUS_BAR_HEIGHT + 1, 32767);
        else if (!strcmp(option, "--notches")) notches = parse_whole(option, value, 1, 10000000);
        else if (!strcmp(option, "--step")) step = parse_whole(option, value, 1, 32767);
        else usage_error("unknown option", option);
    }
    /* The cards' area, in window coordinates from (0, 0). */
    const int area_width = (int)(width - SCROLL_BAR_WIDTH), area_height = (int)(height - STATUS_BAR_HEIGHT);
    if (step >= area_height) {
        /* A step as tall as the area moves no pixels: bench then draws the whole area, not a scroll. */
        fprintf(stderr, "frame-floor: --step is %ld; it must be less than the cards' height (%d = --height less %d)\n",
                step, area_height, STATUS_BAR_HEIGHT);
        return 2;
    }

    Display *display = XOpenDisplay(NULL);
    if (!display) {
        const char *name = XDisplayName(NULL);
        if (*name) fprintf(stderr, "frame-floor: cannot open display '%s'\n", name);
        else fprintf(stderr, "frame-floor: no display: DISPLAY is not set\n");
        return 1;
    }
    int major, minor;
    if (!XdbeQueryExtension(display, &major, &minor)) {
        fprintf(stderr, "frame-floor: the X server '%s' has no DOUBLE-BUFFER (Xdbe) extension\n", DisplayString(display));
        return 1;
    }
    int screen = DefaultScreen(display);
    Window root = RootWindow(display, screen);

    /* As bench's window: no background (the server never clears it), the events a wheel and a map bring. */
    XSetWindowAttributes attributes = {0};
    attributes.background_pixmap = None;
    attributes.bit_gravity = NorthWestGravity;
    attributes.event_mask = ExposureMask | ButtonPressMask | StructureNotifyMask;
    Window window = XCreateWindow(display, root, 0, 0, (unsigned)width, (unsigned)height, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWBackPixmap | CWBitGravity | CWEventMask, &attributes);
    XStoreName(display, window, "frame-floor");
    XdbeBackBuffer back = XdbeAllocateBackBufferName(display, window, XdbeCopied);

    /* Two GCs of one colour each, no graphics exposures (a copy would otherwise send a NoExpose event per
     * frame). Frames alternate between them at no cost (no request changes a GC), so a screenshot shows
     * stripes one step tall moving up: proof that the copy scrolls. */
    XGCValues values = {0};
    values.graphics_exposures = False;
    values.foreground = WhitePixel(display, screen);
    GC light = XCreateGC(display, window, GCGraphicsExposures | GCForeground, &values);
    values.foreground = BlackPixel(display, screen);
    GC dark = XCreateGC(display, window, GCGraphicsExposures | GCForeground, &values);

    XMapWindow(display, window);
    XEvent event;
    do XNextEvent(display, &event); while (event.type != Expose);

    /* The first frame: everything, once. Then nothing is queued but what the loop sends itself. */
    XdbeSwapInfo swap = { .swap_window = window, .swap_action = XdbeCopied };
    XFillRectangle(display, back, light, 0, 0, (unsigned)width, (unsigned)height);
    XdbeSwapBuffers(display, &swap, 1);
    XSync(display, False);
    while (XPending(display)) XNextEvent(display, &event);

    /* As postWheelNotch: a button 5 press at the centre of the part above the status bar, sent to the window
     * through the server. Always down: the floor has no content end to turn at, a copy up costs what a copy down
     * does, and bench's runs over 1,000,000 cards never reach the end (a thousand notches of 64 px, in a content
     * millions of px tall). */
    XEvent wheel = {0};
    wheel.xbutton.type = ButtonPress;
    wheel.xbutton.display = display;
    wheel.xbutton.window = window;
    wheel.xbutton.root = root;
    wheel.xbutton.time = CurrentTime;
    wheel.xbutton.x = (int)width / 2;
    wheel.xbutton.y = area_height / 2;
    wheel.xbutton.button = Button5;
    wheel.xbutton.same_screen = True;

    double *times = malloc((size_t)notches * sizeof *times);
    if (!times) { fprintf(stderr, "frame-floor: out of memory\n"); return 1; }
    for (long i = 0; i < notches; i++) {
        double start = now_ms();
        XSendEvent(display, window, False, ButtonPressMask, &wheel);
        /* XNextEvent flushes the request above and blocks until the press comes back. */
        do XNextEvent(display, &event); while (event.type != ButtonPress);
        GC gc = (i & 1) ? dark : light;
        XCopyArea(display, back, back, gc, 0, (int)step, (unsigned)area_width, (unsigned)(area_height - step), 0, 0);
        XFillRectangle(display, back, gc, 0, area_height - (int)step, (unsigned)area_width, (unsigned)step);
        XdbeSwapBuffers(display, &swap, 1);
        XSync(display, False);  /* bench's measuring sync: the server has handled the frame */
        times[i] = now_ms() - start;
    }

    qsort(times, (size_t)notches, sizeof *times, compare_doubles);
    printf("{\"frames\":%ld,\"p50Ms\":%.3f,\"p99Ms\":%.3f,\"maxMs\":%.3f}\n", notches,
           rounded(percentile(times, notches, 0.5)), rounded(percentile(times, notches, 0.99)),
           rounded(times[notches - 1]));
    free(times);
    XFreeGC(display, light);
    XFreeGC(display, dark);
    XdbeDeallocateBackBufferName(display, back);
    XDestroyWindow(display, window);
    XCloseDisplay(display);
    return 0;
}
