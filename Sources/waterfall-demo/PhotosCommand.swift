import ArgumentParser
import Foundation
import WaterfallDemoKit

/// Opens the photo wall: the window, showing the photos of folders and files.
struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Open a wall of the photos in folders and files (the XDG pictures folder by default).",
        discussion: """
        Each photo is a card at its upright aspect (EXIF orientation applied), captioned with its file name and \
        its size, e.g. "4032 × 3024 · 3.1 MB"; each folder is a section (--recursive walks into subfolders). Images \
        are told by their bytes (JPEG, PNG, WebP, GIF), not their names; a photo that cannot be shown gets a card \
        that says why. Every option of the window applies.
        """
    )

    @Argument(help: ArgumentHelp("Folders and image files (default: XDG_PICTURES_DIR, else ~/Pictures).", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var window: WindowCommand

    @Flag(name: [.customShort("o"), .customLong("print-selection")],
          help: "When the window closes, print the selected photos' paths on standard output, one a line (as nsxiv -o).")
    var printSelection = false

    @Flag(name: .customShort("0"), help: "With -o, end each path with a NUL instead of a newline (for xargs -0).")
    var nulTerminated = false

    mutating func validate() throws {
        if window.layout.catalog != nil || window.layout.items != nil {
            throw ValidationError("photos shows photos; leave out --catalog and --items")
        }
        if nulTerminated && !printSelection { throw ValidationError("-0 goes with -o (--print-selection)") }
    }

    func run() throws {
        var window = window
        let given = paths + window.layout.photos
        window.layout.photos = given.isEmpty ? [PhotoCards.picturesFolder(environment: ProcessInfo.processInfo.environment)] : given
        try window.run { session in
            guard printSelection else { return }
            let files = session.controller.selectedFiles(in: session.collectionView)
            // The paths' own bytes, whatever they are, each ended as asked: the log's lines (with --log-events) are
            // all written before.
            let end: UInt8 = nulTerminated ? 0 : UInt8(ascii: "\n")
            FileHandle.standardOutput.write(Data(files.flatMap { $0.bytes + [end] }))
        }
    }
}
