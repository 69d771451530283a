import CX11
import Foundation

/// The keycode of the key whose XKB name is `name` ("AC01": the key a US layout calls A) in `display`'s keymap:
/// the same physical key whatever the layout.
/// - Throws: `X11TestError` when the display cannot be opened or has no such key.
public func keycode(ofKeyNamed name: String, display displayName: String) throws -> Int {
    guard let display = XOpenDisplay(displayName) else {
        throw X11TestError("cannot open \(displayName) to read key names")
    }
    defer { XCloseDisplay(display) }
    guard let keyboard = XkbGetMap(display, 0, UInt32(XkbUseCoreKbd)) else {
        throw X11TestError("XkbGetMap failed on \(displayName)")
    }
    defer { XkbFreeKeyboard(keyboard, 0, 1) }
    guard XkbGetNames(display, UInt32(XkbKeyNamesMask), keyboard) == Success,
        let keys = keyboard.pointee.names?.pointee.keys
    else {
        throw X11TestError("XkbGetNames failed on \(displayName)")
    }
    for code in Int(keyboard.pointee.min_key_code)...Int(keyboard.pointee.max_key_code) {
        let keyName = withUnsafeBytes(of: keys[code].name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if keyName == name { return code }
    }
    throw X11TestError("no key named \(name) on \(displayName)")
}

/// The keysyms of keycode `code` at the first level of each group of `display`'s keymap, by name ("a", "Cyrillic_ef").
/// - Throws: `X11TestError` when the display cannot be opened.
public func firstLevelKeysyms(ofKeycode code: Int, display displayName: String) throws -> [String] {
    guard let display = XOpenDisplay(displayName) else {
        throw X11TestError("cannot open \(displayName) to read the keymap")
    }
    defer { XCloseDisplay(display) }
    return (0..<Int32(XkbNumKbdGroups)).compactMap { group in
        let keysym = XkbKeycodeToKeysym(display, KeyCode(code), group, 0)
        guard keysym != 0, let name = XKeysymToString(keysym) else { return nil }
        return String(cString: name)
    }
}
