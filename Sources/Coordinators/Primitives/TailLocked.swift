#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A value and a pthread mutex kept in the allocation of an object, after the object's
/// header, as `ManagedBuffer` keeps its header and elements: an object that is its own
/// lock's storage: one allocation where an object holding a `Locked` takes two. The mutex is
/// taken as `Policy` says.
///
/// A coordinator's `Node` is one. (`Locked` keeps its own `ManagedBuffer`: see there why.)
///
/// The object's class (`ManagedBufferPointer(bufferClass:)`'s contract):
/// - declares no stored properties: the value is where they would be;
/// - is made only by `make`, never by an initializer;
/// - calls `destroy(_:)` from its `deinit`.
///
/// A `ManagedBuffer` subclass would need no such contract, but `ManagedBuffer` is declared
/// not `Sendable`, so no subclass of it can be.
///
/// Each operation takes the object (which `make` made for this `Value`: nothing checks it)
/// and reaches its value through `ManagedBufferPointer`,
/// which keeps the object alive while the value's address is used. A part of the value is
/// reached through `withLock`, which holds the mutex, or through `withPart`, for what the
/// object's class guards otherwise or never changes (it says which).
enum TailLocked<Value, Policy: LockPolicy> {
    private typealias Buffer = ManagedBufferPointer<Value, pthread_mutex_t>

    /// Makes an object of class `Object` holding `value`, built in place (a large value is
    /// not copied into the object and destroyed), and its mutex. Never inlined: its
    /// temporaries (the mutex's initial value among them) would become part of the async
    /// frame of whatever makes a node (`idleCoordinatorMemory`).
    @inline(never)
    static func make<Object: AnyObject>(_: Object.Type, holding value: () -> Value) -> Object {
        let buffer = Buffer(bufferClass: Object.self, minimumCapacity: 1) { _, _ in value() }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        // The buffer object is an instance of the class it was made with: the downcast holds.
        return unsafeDowncast(buffer.buffer, to: Object.self)
    }

    /// Runs `body` with one part of `object`'s value (the whole value: `\.self`) and its
    /// mutex held. `body` must not suspend, block, or call back into code that could take the
    /// same lock.
    @inline(__always)
    static func withLock<Part, Result, Failure: Error>(
        _ object: AnyObject, _ part: WritableKeyPath<Value, Part>, _ body: (inout Part) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Buffer(unsafeBufferObject: object).withUnsafeMutablePointers {
            (value, mutex) throws(Failure) -> Result in
            Policy.lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&address(of: part, in: value).pointee)
        }
    }

    /// Runs `body` with the address of one part of `object`'s value, without taking the
    /// mutex: only for a part that the object's class guards otherwise or never changes, or
    /// in its `deinit`, when nothing else can reach the object.
    @inline(__always)
    static func withPart<Part, Result>(
        _ object: AnyObject, _ part: WritableKeyPath<Value, Part>, _ body: (UnsafeMutablePointer<Part>) -> Result
    ) -> Result {
        Buffer(unsafeBufferObject: object).withUnsafeMutablePointerToHeader { body(address(of: part, in: $0)) }
    }

    /// The address of one part of the value at `value`, reached without an access to the
    /// whole value: parts guarded by different locks (or by none) are then accessed apart,
    /// where accesses to the whole value from each would overlap (ThreadSanitizer reports
    /// them). The offset is a constant in an optimized build.
    @inline(__always)
    private static func address<Part>(
        of part: KeyPath<Value, Part>, in value: UnsafeMutablePointer<Value>
    ) -> UnsafeMutablePointer<Part> {
        // Every caller names a stored property (or `\.self`), which always has an offset.
        let offset = MemoryLayout<Value>.offset(of: part)!
        return (UnsafeMutableRawPointer(value) + offset).assumingMemoryBound(to: Part.self)
    }

    /// Destroys `object`'s value and mutex: its `deinit` calls it, last.
    static func destroy(_ object: AnyObject) {
        Buffer(unsafeBufferObject: object).withUnsafeMutablePointers { value, mutex in
            value.deinitialize(count: 1)
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
