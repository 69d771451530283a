import Foundation
import Testing

@testable import WaterfallPhotos

/// `XDGDirectories`: the Base Directory specification's folders from an environment (a relative or empty variable is
/// ignored for its default), the home Trash, and the pictures folder from `user-dirs.dirs`.
struct XDGDirectoriesTests {
    /// A config folder of its own, with `user-dirs.dirs` holding `text` when given.
    static func configFolder(userDirs text: String?) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/user-dirs.dirs")) }
        return folder
    }

    @Test func withoutVariablesEachFolderIsItsDefaultUnderHome() {
        let directories = XDGDirectories(environment: ["HOME": "/home/a"])
        #expect(directories.home == "/home/a")
        #expect(directories.config == "/home/a/.config")
        #expect(directories.state == "/home/a/.local/state")
        #expect(directories.cache == "/home/a/.cache")
        #expect(directories.data == "/home/a/.local/share")
        #expect(directories.trash == "/home/a/.local/share/Trash")
        #expect(SharedThumbnailCache.defaultRoot(in: directories) == "/home/a/.cache/thumbnails")
        #expect(Trash(directories: directories).home == "/home/a/.local/share/Trash")
        // A home with a trailing slash gets no second one.
        #expect(XDGDirectories(environment: ["HOME": "/"]).config == "/.config")
        #expect(XDGDirectories(environment: ["HOME": "/home/b/"]).cache == "/home/b/.cache")
    }

    @Test func absoluteVariablesAreTakenAsTheyAre() {
        let directories = XDGDirectories(
            environment: [
                "HOME": "/home/a", "XDG_CONFIG_HOME": "/etc/a", "XDG_STATE_HOME": "/var/state/a",
                "XDG_CACHE_HOME": "/tmp/cache", "XDG_DATA_HOME": "/srv/data",
            ])
        #expect(directories.config == "/etc/a")
        #expect(directories.state == "/var/state/a")
        #expect(directories.cache == "/tmp/cache")
        #expect(directories.data == "/srv/data")
        #expect(directories.trash == "/srv/data/Trash")
    }

    @Test func relativeAndEmptyVariablesAreIgnored() {
        let directories = XDGDirectories(
            environment: [
                "HOME": "/home/a", "XDG_CONFIG_HOME": "config", "XDG_STATE_HOME": "./state",
                "XDG_CACHE_HOME": "~/.cache-elsewhere", "XDG_DATA_HOME": "",
            ])
        #expect(directories.config == "/home/a/.config")
        #expect(directories.state == "/home/a/.local/state")
        #expect(directories.cache == "/home/a/.cache")
        #expect(directories.data == "/home/a/.local/share")
    }

    @Test func withoutHomeTheHomeIsThePasswordDatabases() throws {
        let entry = try #require(getpwuid(getuid()))
        let home = String(cString: try #require(entry.pointee.pw_dir))
        #expect(XDGDirectories(environment: [:]).home == home)
        #expect(XDGDirectories(environment: ["HOME": ""]).home == home)
        #expect(XDGDirectories(environment: ["HOME": ""]).data.hasPrefix(home))
    }

    @Test func userDirsValuesAreQuotedOrBareAbsoluteOrUnderHome() {
        func pictures(_ text: String) -> String? {
            XDGDirectories.userDirectory("XDG_PICTURES_DIR", in: text, home: "/home/a")
        }
        #expect(pictures("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n") == "/home/a/Bilder")
        #expect(pictures("XDG_PICTURES_DIR=$HOME/Photos") == "/home/a/Photos")
        #expect(pictures("XDG_PICTURES_DIR=\"/media/photos\"") == "/media/photos")
        #expect(pictures("XDG_PICTURES_DIR=\"$HOME\"") == "/home/a")
        #expect(pictures("XDG_PICTURES_DIR=\"$HOME/Mes images\"") == "/home/a/Mes images")
        #expect(pictures("  XDG_PICTURES_DIR=\"$HOME/Indented\"  ") == "/home/a/Indented")
        // A relative value, or one that is not $HOME, is ignored; so are comments and the other folders.
        #expect(pictures("XDG_PICTURES_DIR=\"Pictures\"") == nil)
        #expect(pictures("XDG_PICTURES_DIR=\"$HOMEWARD/x\"") == nil)
        #expect(pictures("# XDG_PICTURES_DIR=\"$HOME/Commented\"\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n") == nil)
        #expect(pictures("XDG_PICTURES_DIRS=\"$HOME/Other\"") == nil)
        #expect(pictures("") == nil)
        // As in the shell that sources it, the last assignment wins.
        #expect(pictures("XDG_PICTURES_DIR=\"$HOME/First\"\nXDG_PICTURES_DIR=\"$HOME/Second\"\n") == "/home/a/Second")
    }

    @Test func thePicturesFolderComesFromUserDirsInTheConfigFolderElseHome() throws {
        let written = try Self.configFolder(
            userDirs: """
                # This file is written by xdg-user-dirs-update
                XDG_DESKTOP_DIR="$HOME/Schreibtisch"
                XDG_PICTURES_DIR="$HOME/Bilder"

                """)
        defer { try? FileManager.default.removeItem(atPath: written) }
        #expect(
            XDGDirectories(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": written]).picturesFolder()
                == "/home/a/Bilder")

        let withoutPictures = try Self.configFolder(userDirs: "XDG_MUSIC_DIR=\"$HOME/Musik\"\n")
        defer { try? FileManager.default.removeItem(atPath: withoutPictures) }
        #expect(
            XDGDirectories(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": withoutPictures]).picturesFolder()
                == "/home/a/Pictures")

        let missing = try Self.configFolder(userDirs: nil)
        defer { try? FileManager.default.removeItem(atPath: missing) }
        #expect(
            XDGDirectories(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": missing]).picturesFolder()
                == "/home/a/Pictures")
        // A relative XDG_CONFIG_HOME is ignored: the file is looked for in ~/.config, which does not exist here.
        #expect(
            XDGDirectories(environment: ["HOME": missing, "XDG_CONFIG_HOME": "relative"]).picturesFolder()
                == missing + "/Pictures")
    }
}
