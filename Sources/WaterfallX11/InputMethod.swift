import CX11
import Glibc

// The X input method (XIM) a text entry types through: every call to XOpenIM, XCreateIC and their kin.

/// A display's X input method (`XOpenIM`), opened once per display when a window first shows a text entry: the
/// server's input method that `XMODIFIERS` names (`@im=ibus`, `@im=fcitx`), else libX11's built-in local one, which
/// composes dead keys and Compose sequences from the locale's Compose file.
final class InputMethod {
    /// The display's connection, not the `Display` (which owns this method and closes it before the connection).
    private let connection: OpaquePointer
    let handle: XIM

    /// Opens the input method of the locale's modifiers (`XSetLocaleModifiers("")`: `XMODIFIERS`), falling back to
    /// the local one (`@im=none`) when that server is not running or offers no input without a preedit window of our
    /// own; `nil` when neither does (then keys are read without an input method: `KeyText.withoutInputMethod`).
    init?(display: Display) {
        guard let opened = Self.open(on: display.handle) else { return nil }
        connection = display.handle
        handle = opened
    }

    /// The first input method that opens and offers `XIMPreeditNothing | XIMStatusNothing`: the environment's, then
    /// the local one.
    private static func open(on connection: OpaquePointer) -> XIM? {
        for modifiers in ["", "@im=none"] {
            _ = XSetLocaleModifiers(modifiers)
            guard let opened = XOpenIM(connection, nil, nil, nil) else { continue }
            if waterfall_im_supports_nothing_style(opened) != 0 { return opened }
            XCloseIM(opened)
        }
        return nil
    }

    deinit {
        if !ErrorHandlers.isLost(connection) { XCloseIM(handle) }
    }

    /// Makes the process's character type the environment's (`setlocale(LC_CTYPE, "")`) when it is still the "C"
    /// locale a program starts in, so that the input method knows the encoding the user types in (without it, XIM
    /// composes nothing beyond ASCII). A program that set a locale of its own keeps it. Called when a display opens;
    /// process-wide, like every `setlocale`.
    static func adoptEnvironmentLocale() {
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        guard current == nil || current == "C" || current == "POSIX" else { return }
        _ = setlocale(LC_CTYPE, "")
    }
}

/// An input context on one window (`XCreateIC` / `XDestroyIC`): the window's keys go through the input method while
/// it has the focus (`XSetICFocus`), and the text it commits is read from each key press (`Xutf8LookupString`).
final class InputContext {
    /// Kept alive by the context, so that the connection closes after it.
    let display: Display
    let method: InputMethod
    let handle: XIC
    /// Whether the context has the focus: the input method filters the window's keys.
    private(set) var isFocused = false

    /// A context on `window` without preedit or status of its own, with the events it filters selected on the
    /// window besides `windowEvents` (`XNFilterEvents`: key releases for a server IM); `nil` when the method refuses.
    init?(display: Display, method: InputMethod, window: UInt, windowEvents: EventMask) {
        guard let context = waterfall_create_ic(method.handle, window) else { return nil }
        self.display = display
        self.method = method
        handle = context
        let filtered = waterfall_ic_filter_events(context)
        if filtered & ~windowEvents.rawValue != 0 {
            XSelectInput(display.handle, window, windowEvents.rawValue | filtered)
        }
    }

    deinit {
        if !display.isConnectionLost { XDestroyIC(handle) }
    }

    /// Gives the context the focus (`XSetICFocus`) or takes it (`XUnsetICFocus`): only a focused context's method
    /// filters keys.
    func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        if focused { XSetICFocus(handle) } else { XUnsetICFocus(handle) }
    }

    /// The text a key press commits (`Xutf8LookupString`, grown once on `XBufferOverflow`): a character, a composed
    /// one, or a server IM's whole committed string; empty for a key that types nothing.
    func committedText(of key: inout XKeyEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: CX11.KeySym = 0
        var status: Int32 = 0
        var count = Xutf8LookupString(handle, &key, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(handle, &key, &buffer, Int32(buffer.count), &keysym, &status)
        }
        guard status == XLookupChars || status == XLookupBoth, count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The text of a key press without an input method (none could be opened): its keysym's character, for a Latin-1
/// keysym or a Unicode one (`XLookupString` gives the keysym; no composing).
enum KeyText {
    /// The character key press `key` types without an input method; empty for a key that types none.
    static func withoutInputMethod(_ key: inout XKeyEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 8)
        var keysym: CX11.KeySym = 0
        _ = XLookupString(&key, &buffer, Int32(buffer.count), &keysym, nil)
        return character(ofKeysym: keysym)
    }

    /// The character of a printable Latin-1 keysym (its code point) or a Unicode keysym (0x1000000 + the code
    /// point); empty for any other (BackSpace, F5, a dead key, a legacy keysym of another script).
    static func character(ofKeysym keysym: KeySym) -> String {
        let value: UInt32
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF: value = UInt32(keysym)
        case 0x0100_00A0...0x0110_FFFF: value = UInt32(keysym - 0x0100_0000)
        default: return ""
        }
        return Unicode.Scalar(value).map { String(Character($0)) } ?? ""
    }
}
