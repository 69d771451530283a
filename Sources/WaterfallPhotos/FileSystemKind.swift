import CSpawn
import SystemPackage

/// What kind of file system a folder is on, as `statfs(2)` tells (its `f_type`, linux/magic.h): one another machine
/// may change, which inotify does not see, or a local one. A network folder is polled for its changes instead.
public enum FileSystemKind: Hashable, Sendable {
    /// A network or user-space file system, by name: NFS, SMB/CIFS, FUSE (sshfs, bindfs, rclone, gvfs...), 9p, AFS,
    /// Ceph, Coda, NCP, GlusterFS over FUSE, Lustre, OCFS2, GFS2.
    case network(String)
    /// A file system of this machine's own disks or memory.
    case local

    /// The network file systems by their `f_type` magic numbers (linux/magic.h and the file systems' own headers).
    static let networkTypes: [Int: String] = [
        0x6969: "NFS", 0x517B: "SMB", 0xFF53_4D42: "CIFS", 0xFE53_4D42: "SMB2", 0x6573_5546: "FUSE",
        0x0102_1997: "9p", 0x5346_414F: "AFS", 0x6B41_4653: "kAFS", 0x00C3_6400: "Ceph", 0x7375_7245: "Coda",
        0x564C: "NCP", 0x0BD0_0BD0: "Lustre", 0x7461_636F: "OCFS2", 0x0116_1970: "GFS2",
    ]

    /// The kind of the file system `path` is on; `nil` when `statfs(2)` fails (the folder is gone).
    public static func of(_ path: FilePath) -> FileSystemKind? {
        var type: UInt = 0
        guard path.withPlatformString({ waterfall_file_system_type($0, &type) }) == 0 else { return nil }
        return networkTypes[Int(UInt32(truncatingIfNeeded: type))].map { .network($0) } ?? .local
    }

    /// Whether another machine may change the file system without inotify seeing it.
    public var isNetwork: Bool {
        if case .network = self { return true }
        return false
    }
}
