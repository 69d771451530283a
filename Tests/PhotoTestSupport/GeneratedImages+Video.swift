import Foundation

extension GeneratedImages {
    /// Runs the `ffmpeg` CLI with `arguments` (inputs and options, without the output) writing `name` in the folder,
    /// and returns its path. Fails, never skips, without ffmpeg (`scripts/install-deps.sh` installs it).
    @discardableResult
    public func ffmpeg(_ arguments: [String], to name: String) throws -> String {
        try runTool(["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments + [path(name)])
        return path(name)
    }

    /// A `width` × `height` video of `first` (an FFmpeg colour: "red", "0x2050C0") for 0.2 s, then `rest` for 3.8 s, at 25
    /// frames a second with a keyframe every 5 frames (0.2 s), encoded with `codec` (`libx264`, `mpeg4`, `libvpx`) into
    /// `name` (its extension names the container) with `options` (`-metadata:s:v:0 rotate=90`, `-aspect`...): 4 s
    /// long, so that its frame at 10 % (0.4 s, a keyframe) is `rest` and its first frame `first`.
    @discardableResult
    public func twoColourVideo(
        _ name: String, codec: String = "libx264", width: Int = 64, height: Int = 48,
        first: String = "red", rest: String = "blue", options: [String] = []
    ) throws -> String {
        let size = "s=\(width)x\(height):r=25"
        return try ffmpeg(
            [
                "-f", "lavfi", "-i", "color=c=\(first):\(size):d=0.2", "-f", "lavfi", "-i",
                "color=c=\(rest):\(size):d=3.8",
                "-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0", "-c:v", codec, "-g", "5", "-pix_fmt", "yuv420p",
            ]
                + options, to: name)
    }

    /// What `ffprobe` says of the file at `path`: the `entries` (`-show_entries`, e.g. `stream_side_data=rotation`) as
    /// `key=value` lines.
    public func ffprobe(_ path: String, entries: String) throws -> String {
        try runTool(["ffprobe", "-v", "error", "-show_entries", entries, "-of", "default=noprint_wrappers=1", path])
    }

    /// Runs `arguments` (a tool and its arguments) and returns its output; throws with its errors when it fails.
    @discardableResult
    private func runTool(_ arguments: [String]) throws -> String {
        try TestTool.run(arguments).output
    }
}
