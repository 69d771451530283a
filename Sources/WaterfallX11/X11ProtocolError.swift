/// One protocol error as the server reported it (an `XErrorEvent`).
public struct X11ProtocolError: Equatable, Sendable {
    /// The error's code: `BadWindow` (3), `BadMatch` (8)...
    public let errorCode: UInt8
    /// The major opcode of the refused request (`X_MapWindow` is 8).
    public let requestCode: UInt8
    /// The minor opcode, for an extension's request.
    public let minorCode: UInt8
    /// The resource the request named.
    public let resource: UInt
    /// Xlib's text for the code (`XGetErrorText`): "BadWindow (invalid Window parameter)".
    public let text: String

    /// The one line the default handler prints: the text, the codes and the resource.
    public var description: String {
        "\(text) (error code \(errorCode), request code \(requestCode), minor code \(minorCode), resource 0x\(String(resource, radix: 16)))"
    }
}
