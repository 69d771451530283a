import Foundation

#if FUZZING
    import CFuzzerDriver
#endif

/// Runs one input through `FuzzCase`: the callback libFuzzer's driver calls, under the name libFuzzer gives it (its own
/// `main` would call it; scripts/sanitizer-build.sh links libFuzzer without that `main`, and `FuzzMain` passes it).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzCase.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// Built with libFuzzer's coverage and runtime and `-DFUZZING` (scripts/sanitizer-build.sh), the program is libFuzzer:
/// its driver reads its flags (`-runs=100000 -seed=1 CORPUS...`) and fuzzes `fuzzOneInput`. In a plain build it runs
/// the inputs it is given, files or folders of them, once each: `waterfall-fuzz Fuzz/corpus artifacts/fuzz/crash-...`
/// replays a corpus or a saved crash in a debug build.
@main
struct FuzzMain {
    static func main() throws {
        #if FUZZING
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
        #else
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                let files =
                    exists && isFolder.boolValue
                    ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 }
                    : [path]
                for file in files {
                    FuzzCase.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
                    count += 1
                }
            }
            print("ran \(count) inputs")
        #endif
    }
}
