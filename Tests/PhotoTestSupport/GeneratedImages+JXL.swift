import Foundation

extension GeneratedImages {
    /// Runs libjxl's `cjxl` on `input` (a path: a PNG, PPM, JPEG, GIF or APNG) with `options` (`-d 0` lossless,
    /// `--container=1`...) and returns the path of the JPEG XL `name` it writes in the folder. Fails, never skips,
    /// without cjxl (`scripts/install-deps.sh` installs libjxl-tools).
    @discardableResult
    public func cjxl(_ input: String, _ name: String, _ options: [String] = []) throws -> String {
        try run(["cjxl", input, path(name), "--quiet"] + options)
        return path(name)
    }

    /// Runs libjxl's `djxl` on the JPEG XL `input` and returns the path of the PNG `name` it writes in the folder:
    /// the picture as libjxl shows it (its orientation applied).
    @discardableResult
    public func djxl(_ input: String, _ name: String) throws -> String {
        try run(["djxl", input, path(name), "--quiet"])
        return path(name)
    }

    /// Runs `arguments` (a tool and its arguments), its output dropped; throws with its errors when it fails.
    private func run(_ arguments: [String]) throws {
        try TestTool.run(arguments)
    }
}
