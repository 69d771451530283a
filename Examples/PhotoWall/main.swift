// PhotoWall: a complete photo browser on the WaterfallPhotoWall library. `photo-wall [FOLDER|PHOTO...]` shows the
// photos of folders (their subfolders too) as a wall; Enter opens one in the lightbox; Ctrl+C copies the selected
// photos as files; q quits and prints the selected photos' paths.
import Foundation
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos
import WaterfallX11

// A freed picture's memory goes back to the system at once (the heap is the program's to tune, not the library's).
PictureMemory.returnFreedPicturesToTheSystem()
// The user's folders (XDG), from which the program, not the library, takes its pictures folder and its Trash.
let directories = XDGDirectories(environment: ProcessInfo.processInfo.environment)
var configuration = PhotoWall.Configuration(paths: Array(CommandLine.arguments.dropFirst()))
if configuration.paths.isEmpty {
    configuration.paths = [directories.picturesFolder()]
}
configuration.recursive = true
configuration.trash = Trash(directories: directories)
// Videos and camera RAWs are read by the decoder worker installed beside this program.
configuration.decoderExecutable = Bundle.main.executablePath.flatMap(DecoderProcess.executable(besideProgram:))
configuration.warn = { FileHandle.standardError.write(Data("photo-wall: \($0)\n".utf8)) }
let wall = PhotoWall(configuration)
do {
    let window = try WaterfallWindow(
        display: try Display(), collectionView: wall.collectionView,
        configuration: .init(title: "Photo Wall", size: Size(width: 1000, height: 700)))
    wall.show(in: window)
    window.onKey = { [unowned window] name, modifiers in
        if name == "q" { window.stop() }
        if name == "c", modifiers.contains(.control) { wall.copySelectedFiles() }
    }
    _ = try window.run()
    wall.stop()
    print(wall.selectedFiles.map(\.string).joined(separator: "\n"))
} catch {
    FileHandle.standardError.write(Data("photo-wall: \(error)\n".utf8))
    exit(1)
}
