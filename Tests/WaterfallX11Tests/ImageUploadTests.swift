import CX11
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// A cell that draws one picture over its whole frame.
private final class PictureCell: CollectionViewCell {
    var picture: ImageHandle?
    init() { super.init(reuseIdentifier: "picture") }
    override func draw(in canvas: Canvas, frame: Rect) {
        if let picture { canvas.drawImage(picture, in: frame) }
    }
}

private final class PictureSource: CollectionViewDataSource {
    var pictures: [ImageHandle] = []
    let height: Double
    init(height: Double) { self.height = height }
    func numberOfItems(inSection section: Int) -> Int { pictures.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "picture")
        (cell as? PictureCell)?.picture = pictures[indexPath.item]
        return cell
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? { height }
}

/// A window of one column `width` wide (the scroll bar beside it) whose cards are `height` high.
private func pictureWindow(on display: Display, width: Int, height: Int) throws -> (WaterfallWindow, PictureSource) {
    let view = CollectionView(
        layout: CollectionLayout(columnCount: 1, columnSpacing: 0, rowSpacing: 0, insets: EdgeInsets(all: 0)),
        columnPolicy: .fixed(1))
    view.register(forCellWithReuseIdentifier: "picture", factory: PictureCell.init)
    let source = PictureSource(height: Double(height))
    view.dataSource = source
    let window = try WaterfallWindow(
        display: display, collectionView: view,
        configuration: .init(
            title: "Pictures",
            size: Size(width: Double(width + 12), height: Double(height * 2))))
    return (window, source)
}

extension Display {
    /// Every pixel of `pixmap` (`width` × `height`), read back from the server (`XGetImage`, a round trip), as
    /// `0xRRGGBB` for the usual 24-bit TrueColor visual.
    func pixels(of pixmap: UInt, width: Int, height: Int) -> [UInt32] {
        guard let image = XGetImage(handle, pixmap, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else { return [] }
        defer { _ = image.pointee.f.destroy_image?(image) }
        guard let getPixel = image.pointee.f.get_pixel else { return [] }  // XGetPixel, a macro Swift cannot see
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(UInt32(truncatingIfNeeded: getPixel(image, Int32(x), Int32(y))) & 0xFFFFFF)
            }
        }
        return pixels
    }
}

/// Pictures reach the server once, through MIT-SHM when it has the extension and by `XPutImage` when not, and
/// draw their exact pixels either way; a shared segment is written again only after the server has read it.
@Suite(.serialized)
struct ImageUploadTests {
    /// The servers a picture can meet.
    enum Server: CaseIterable {
        /// Xvfb as it is: MIT-SHM, and the client's memory in reach.
        case sharingMemory
        /// Xvfb started without MIT-SHM.
        case withoutTheExtension
        /// Xvfb in an IPC namespace of its own: it has MIT-SHM but cannot attach the client's segments (answering
        /// `BadAccess`), as a server on another machine cannot.
        case outOfReach

        func start() throws -> XvfbServer {
            switch self {
            case .sharingMemory: try XvfbServer()
            case .withoutTheExtension: try XvfbServer(arguments: ["-extension", "MIT-SHM"])
            case .outOfReach: try XvfbServer(launcher: ["unshare", "--map-root-user", "--ipc"])
            }
        }
    }

    @Test(arguments: Server.allCases)
    func aPictureDrawsItsExactPixelsWhetherTheServerSharesMemoryOrNot(server: Server) throws {
        let xvfb = try server.start()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let (width, height) = (64, 48)
        let (window, source) = try pictureWindow(on: display, width: width, height: height)
        let sharedMemory = server == .sharingMemory
        #expect((display.sharedMemoryUploads != nil) == sharedMemory)
        // The probe met BadAccess when the server could not attach, and kept it from the program's error handler.
        let probeErrors = ErrorHandlers.recentErrors(on: display.handle).map(\.errorCode)
        #expect(
            probeErrors
                == (server == .outOfReach
                    ? Array(repeating: UInt8(BadAccess), count: SharedMemoryUploads.segmentCount) : []))
        // Every pixel differs from its neighbours: red from x, green from y.
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width { pixels.append(UInt32(x * 4) << 16 | UInt32(y * 5) << 8 | 0x80) }
        }
        source.pictures = [window.addImage(pixels: pixels, width: width, height: height)]
        try window.collectionView.reloadData()
        window.drawFrame()
        var expected = ImageUploads()
        if sharedMemory { expected.sharedMemory = 1 } else { expected.putImage = 1 }
        #expect(window.imageUploads == expected)
        #expect(window.imageByteCount == width * height * 4)

        let shot = try Screenshot.of(window: window.windowID, display: xvfb.display)
        var wrong: [String] = []
        for y in 0..<height {
            for x in 0..<width where shot.pixel(x: x, y: y) != RGB(pixels[y * width + x]) {
                wrong.append("(\(x), \(y))")
            }
        }
        #expect(wrong.isEmpty, "pixels that differ: \(wrong.prefix(10))")
        #expect(ErrorHandlers.recentErrors(on: display.handle).map(\.errorCode) == probeErrors)
    }

    @Test func aSharedSegmentIsWrittenAgainOnlyOnceTheServerHasReadIt() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let (window, _) = try pictureWindow(on: display, width: 64, height: 48)
        let uploads = try #require(display.sharedMemoryUploads)
        // 512 × 512 pictures of 1 MB, each one colour: four fill a segment, so sixteen fill all of them.
        let side = 512
        let perSegment = SharedMemoryUploads.segmentBytes / (side * side * 4)
        let capacity = SharedMemoryUploads.segmentCount * perSegment
        func colour(_ index: Int) -> UInt32 { UInt32(0x102030 + index * 0x050607) }
        var handles: [ImageHandle] = []
        for index in 0..<capacity + 1 {
            handles.append(
                window.addImage(pixels: Array(repeating: colour(index), count: side * side), width: side, height: side))
        }
        // No completion event has been handled yet: the one past the segments went down the socket.
        #expect(window.imageUploads.sharedMemory == capacity && window.imageUploads.putImage == 1)
        #expect(!uploads.hasIdleSegment)
        try pump(display) { uploads.hasIdleSegment }
        handles.append(
            window.addImage(
                pixels: Array(repeating: colour(capacity + 1), count: side * side), width: side, height: side))
        #expect(window.imageUploads.sharedMemory == capacity + 1 && window.imageUploads.putImage == 1)
        // Each picture holds its own colour in every pixel: no segment was overwritten before the server read it.
        for (index, handle) in handles.enumerated() {
            let pixmap = try #require(window.renderer.images.pixmap(of: handle))
            let read = display.pixels(of: pixmap, width: side, height: side)
            #expect(read.count == side * side && read.allSatisfy { $0 == colour(index) }, "picture \(index)")
        }
        #expect(ErrorHandlers.recentErrors(on: display.handle).isEmpty)
    }
}
