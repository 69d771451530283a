# Sourced by the scripts: puts a Swift toolchain at /opt/swift on PATH when there is one.
if [ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null 2>&1; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
