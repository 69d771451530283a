import ArgumentParser
import Foundation

/// `waterfall-demo photos` and `--photos`: the photo browser is the `waterfall` program now; scripts that call the
/// demo for photos get it, through `execv`, with the same arguments and output. `photos ARGS` runs `waterfall ARGS`;
/// `--photos PATH` anywhere becomes the argument `PATH`; `layout --photos` runs `waterfall --print-layout`.
enum PhotosAlias {
    /// Replaces this process with `waterfall` (beside this program) when `arguments` ask for photos; returns when they
    /// do not.
    static func execIfAsked(_ arguments: [String]) {
        guard let translated = translate(Array(arguments.dropFirst())) else { return }
        let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("waterfall").path
        let argv = ([program] + translated).map { strdup($0) } + [nil]
        execv(program, argv)
        printError("cannot run \(program) for the photos: \(String(cString: strerror(errno)))")
        exit(2)
    }

    /// The `waterfall` arguments for the demo's `arguments` (without the program's name), or `nil` when they do not
    /// ask for photos.
    static func translate(_ arguments: [String]) -> [String]? {
        if arguments.first == "photos" {
            return translate(Array(arguments.dropFirst()), printingLayout: false) ?? Array(arguments.dropFirst())
        }
        guard !["bench", "replay"].contains(arguments.first) else { return nil }
        return translate(arguments, printingLayout: arguments.first == "layout")
    }

    /// `arguments` with each `--photos PATH` (or `--photos=PATH`) as `PATH`, the `window` or `layout` subcommand left
    /// out, and `--print-layout` for `layout`; `nil` without a `--photos`.
    private static func translate(_ arguments: [String], printingLayout: Bool) -> [String]? {
        var rest = arguments
        if ["window", "layout"].contains(rest.first) { rest.removeFirst() }
        var translated: [String] = printingLayout ? ["--print-layout"] : []
        var paths: [String] = []
        var index = 0
        while index < rest.count {
            let argument = rest[index]
            if argument == "--photos", index + 1 < rest.count {
                paths.append(rest[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--photos=") {
                paths.append(String(argument.dropFirst("--photos=".count)))
            } else {
                translated.append(argument)
            }
            index += 1
        }
        guard !paths.isEmpty else { return nil }
        return translated + ["--"] + paths
    }
}

/// `photos`, listed in `--help`: the photo browser, `waterfall` (see `PhotosAlias`).
struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Open a wall of photos: runs the `waterfall` program with these arguments (see waterfall --help).",
        discussion:
            "Kept for scripts: `waterfall-demo photos ARGS` is `waterfall ARGS`, and `--photos PATH` in any subcommand but bench and replay is the argument PATH of `waterfall`."
    )

    @Argument(parsing: .captureForPassthrough, help: "The arguments of waterfall.")
    var arguments: [String] = []

    func run() throws {
        PhotosAlias.execIfAsked(["waterfall-demo", "photos"] + arguments)
    }
}
