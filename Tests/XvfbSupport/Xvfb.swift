// Filled in with the X11 tests.
