import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// Copying the selected photos as files, as file managers and browsers take them.
extension PhotoWall {
    /// What copying `files` puts on the clipboard: UTF8_STRING the paths, one a line (a byte that is not UTF-8 as
    /// U+FFFD: that target is text); `text/uri-list` their `file://` URIs, which keep every byte, escaped, each ended by
    /// CRLF (RFC 2483); `x-special/gnome-copied-files` "copy" and the URIs, one a line, which Nautilus, Nemo, Thunar and
    /// Caja paste as copies of the files.
    public static func clipboardFiles(_ files: [FilePath]) -> (text: String, formats: [SelectionFormat]) {
        let uris = files.map { FileURI.uri(of: $0) }
        return (
            files.map(\.string).joined(separator: "\n"),
            [
                SelectionFormat(target: "text/uri-list", bytes: Array(uris.map { $0 + "\r\n" }.joined().utf8)),
                SelectionFormat(
                    target: "x-special/gnome-copied-files", bytes: Array((["copy"] + uris).joined(separator: "\n").utf8)
                ),
            ]
        )
    }

    /// Takes the CLIPBOARD with the selected photos' files (`clipboardFiles(_:)`) at the time of the window's last
    /// user event (the key that asked), and reports `copied`: the files and the text's UTF-8 bytes, and the time the
    /// window took the clipboard at (none with nothing selected, which leaves the clipboard as it was, or when the
    /// server refused the time). Returns whether it did. (What the clipboard then answers is the window's
    /// `clipboard.onEvent`'s to hear.)
    @discardableResult
    public func copySelectedFiles() -> Bool {
        guard let window else { return false }
        let files = selectedFiles
        var owned = false
        let clip = Self.clipboardFiles(files)
        var time: UInt32?
        if !files.isEmpty {
            time = window.ownClipboard(clip.text, formats: clip.formats)
            owned = time != nil
            if !owned { configuration.warn("copy: the X server did not give this window the CLIPBOARD") }
        }
        report(.copied(files: files, textBytes: files.isEmpty ? 0 : clip.text.utf8.count, clipboardTime: time))
        return owned
    }
}
