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
/// lock's storage, one allocation where an object holding a `Locked` takes two. The mutex is
/// taken as `Policy` says.
///
/// `Locked` keeps its value in such an object; a coordinator's `Node` is one itself.
///
/// The object's class (`ManagedBufferPointer(bufferClass:)`'s contract):
/// - declares no stored properties: the value is where they would be;
/// - is made only by `make`, never by an initializer;
/// - calls `destroy(_:)` from its `deinit`.
///
/// A `ManagedBuffer` subclass would need no such contract, but `ManagedBuffer` is declared
/// not `Sendable`, so no subclass of it can be.
///
/// Each operation takes the object and reaches its value through `ManagedBufferPointer`,
/// which keeps the object alive while the value's address is used. The value is reached
/// through `withLock`, which holds the mutex, or through `withValueUnlocked`, for what the
/// object's class guards otherwise (it says how).
package enum TailLocked<Value, Policy: LockPolicy> {
    private typealias Buffer = ManagedBufferPointer<Value, pthread_mutex_t>

    /// Makes an object of class `Object` holding `value`, built in place (a large value is
    /// not copied into the object and destroyed), and its mutex. Never inlined: its
    /// temporaries (the mutex's initial value among them) would become part of the async
    /// frame of whatever makes a node or a presentation (`idleCoordinatorMemory`).
    @inline(never)
    package static func make<Object: AnyObject>(_: Object.Type, holding value: () -> Value) -> Object {
        let buffer = Buffer(bufferClass: Object.self, minimumCapacity: 1) { _, _ in value() }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        // The buffer object is an instance of the class it was made with: the downcast holds.
        return unsafeDowncast(buffer.buffer, to: Object.self)
    }

    /// Runs `body` with the address of `object`'s value and its mutex held. `body` must not
    /// suspend, block, or call back into code that could take the same lock. (An address
    /// rather than `inout`: the object's class may guard part of the value otherwise, and an
    /// `inout` access to the whole value would overlap with those parts' accesses.)
    @inline(__always)
    package static func withLock<Result, Failure: Error>(
        _ object: AnyObject, _ body: (UnsafeMutablePointer<Value>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Buffer(unsafeBufferObject: object).withUnsafeMutablePointers {
            (value, mutex) throws(Failure) -> Result in
            Policy.lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(value)
        }
    }

    /// Runs `body` with the address of `object`'s value, without taking the mutex: only for
    /// the parts of the value that the object's class guards otherwise, or in its `deinit`,
    /// when nothing else can reach the object.
    @inline(__always)
    package static func withValueUnlocked<Result>(
        _ object: AnyObject, _ body: (UnsafeMutablePointer<Value>) -> Result
    ) -> Result {
        Buffer(unsafeBufferObject: object).withUnsafeMutablePointerToHeader(body)
    }

    /// Destroys `object`'s value and mutex: its `deinit` calls it, last.
    package static func destroy(_ object: AnyObject) {
        Buffer(unsafeBufferObject: object).withUnsafeMutablePointers { value, mutex in
            value.deinitialize(count: 1)
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
