"""Books: one certificate made of independently checked parts, stored as one zip file.

A book is a zip (stdlib :mod:`zipfile`) holding ``certificate.json``, the *root*: a certificate like
any other (format, version, kind, instance, claim, body), whose pg-proof answers may name *parts*
(``"parts": [[t, black, white, "member"]]``, :meth:`verify.certificates.proof.ProofWalk.part`), and
one member per part, each a whole pg-proof certificate of the game at its state. ``verify check
BOOK.zip`` checks the root; each part is read, parsed and checked when the root's walk first reaches
its state, then dropped, so the peak memory is the root's walk plus the largest part, not the sum.

The container is read strictly, and nothing in it is trusted: every member name must be a plain
file name (``[A-Za-z0-9._-]``, ending in ``.json``, no ``/``, ``\\``, ``..`` or leading dot), listed
once; at most :data:`verify.limits.MAX_BOOK_MEMBERS` members; a member must be UTF-8 JSON; a
member is read for one part only (checking stays linear in the book: no member is re-checked for
many states). Any defect is one CertificateError line. A member no part names is never read (it
proves nothing the root uses).

Bounded work (zip bombs). Every member must be stored or deflated (bzip2, lzma, encryption: refused
when the book is opened), and the sizes the central directory declares are bounded before anything
is decompressed: each member at most :data:`verify.limits.MAX_BOOK_MEMBER_BYTES` decompressed and at
most :data:`verify.limits.MAX_BOOK_RATIO` times its compressed size (or
:data:`verify.limits.MAX_BOOK_RATIO_FLOOR` bytes, for tiny members), all of them together at most
:data:`verify.limits.MAX_BOOK_TOTAL_BYTES`. The declared sizes are not believed while reading: a
member is decompressed in chunks of at most 1 MiB, and the bytes it yields are counted against the
same three bounds (the member's, its ratio's and what remains of the book's total), so a member
lying about its size is refused as soon as it passes a bound, not after (and Python's zipfile
yields no more than the declared size anyway, then fails the CRC). Reading a book therefore costs
time O(book size + total cap) at worst and memory O(member cap): one member's text at a time, and
its parsed JSON (about 10x the text), then the part's walk.
"""
from __future__ import annotations

import os
import re
import zipfile
import zlib

from .. import limits
from ..errors import CertificateError, InputError

ROOT = "certificate.json"
ZIP_MAGIC = b"PK\x03\x04"
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*\.json")


def is_book(path) -> bool:
    """Does the file start like a zip (or is it named ``*.zip``)? Such files are read as books."""
    if str(path).endswith(".zip"):
        return True
    try:
        with open(path, "rb") as f:
            return f.read(4) == ZIP_MAGIC
    except OSError:
        return False


class BookRoot(dict):
    """The root certificate of a book (a dict, checked like any certificate) with access to the
    book's members: ``member(name)`` is the parsed JSON of the member ``name``; ``checked``
    counts the parts read."""

    def __init__(self, root: dict, archive: zipfile.ZipFile, names: set, where: str):
        super().__init__(root)
        self._archive = archive
        self._names = names
        self._where = where
        self._read: set = set()
        self.checked = 0
        #: decompressed bytes of the members read so far (the root's included), against
        #: ``limits.MAX_BOOK_TOTAL_BYTES``
        self.read_bytes = 0

    def close(self) -> None:
        self._archive.close()

    def member(self, name: str):
        """The member ``name``, parsed; each member may be read once: a part proves one state
        (a member named by many states would be checked once each, work growing as the product
        of the root's and the member's sizes, while the zip holds the member once)."""
        if name == ROOT or name not in self._names:
            raise CertificateError(f"the book has no member {name!r}")
        if name in self._read:
            raise CertificateError(f"the member {name!r} is named by two parts (a part proves one state)")
        self._read.add(name)
        self.checked += 1
        value, size = _read_json(self._archive, name, f"{self._where}: member {name!r}", self.read_bytes)
        self.read_bytes += size
        return value


def _size_of(path) -> int:
    """The book's real size in bytes: a file's, or a seekable file object's (0 if unknown)."""
    if hasattr(path, "seek") and hasattr(path, "tell"):
        try:
            here = path.tell()
            size = path.seek(0, os.SEEK_END)
            path.seek(here)
            return size
        except (OSError, ValueError):
            return 0
    try:
        return os.path.getsize(path)
    except (OSError, TypeError, ValueError):
        return 0


def open_book(path) -> tuple[zipfile.ZipFile, set]:
    """The open archive and its member names, checked (see the module docstring)."""
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise CertificateError(f"not a readable zip book ({exc})") from None
    infos = archive.infolist()
    if len(infos) > limits.MAX_BOOK_MEMBERS:
        archive.close()
        raise CertificateError(f"a book holds at most {limits.MAX_BOOK_MEMBERS} members")
    names: set = set()
    book_bytes = _size_of(path)
    declared = 0
    for info in infos:
        name = info.filename
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            archive.close()
            raise CertificateError(f"the book member {_shown(name)} is compressed with method "
                                   f"{info.compress_type} ({_METHODS.get(info.compress_type, 'unknown')}): only "
                                   f"stored and deflate members are read")
        if info.flag_bits & 1:
            archive.close()
            raise CertificateError(f"the book member {_shown(name)} is encrypted")
        try:
            _within_bounds(info.file_size, info.compress_size, book_bytes, declared, f"the member {_shown(name)} declares")
        except CertificateError:
            archive.close()
            raise
        declared += info.file_size
        if not _NAME.fullmatch(name) or ".." in name:
            archive.close()
            raise CertificateError(f"a book member has a name that is not a plain *.json file name: {name!r}")
        if name in names:
            archive.close()
            raise CertificateError(f"a book lists the member {name!r} twice")
        names.add(name)
    if ROOT not in names:
        archive.close()
        raise CertificateError(f"a book needs its root member {ROOT!r}")
    return archive, names


_METHODS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflate", zipfile.ZIP_BZIP2: "bzip2",
            zipfile.ZIP_LZMA: "lzma"}
_CHUNK = 1 << 20


def _shown(name: str) -> str:
    return repr(name[:80])


def _ratio_bound(compressed: int, book_bytes: int) -> int:
    """The most bytes a member of ``compressed`` bytes may decompress to by the ratio cap (its
    compressed size taken at most the book's size when that is known: a declared size can lie)."""
    if book_bytes:
        compressed = min(compressed, book_bytes)
    return max(limits.MAX_BOOK_RATIO * compressed, limits.MAX_BOOK_RATIO_FLOOR)


def _within_bounds(size: int, compressed: int, book_bytes: int, before: int, what: str) -> None:
    """CertificateError unless ``size`` decompressed bytes of a member of ``compressed`` bytes, read
    after ``before`` bytes of other members, are within the member, ratio and total caps."""
    if size > _ratio_bound(compressed, book_bytes):
        raise CertificateError(f"{what} more than {limits.MAX_BOOK_RATIO} times its compressed size "
                               f"(limits.MAX_BOOK_RATIO: a zip bomb?)")
    if size > limits.MAX_BOOK_MEMBER_BYTES:
        raise CertificateError(f"{what} more than {limits.MAX_BOOK_MEMBER_BYTES} bytes "
                               f"(limits.MAX_BOOK_MEMBER_BYTES)")
    if before + size > limits.MAX_BOOK_TOTAL_BYTES:
        raise CertificateError(f"{what} more than {limits.MAX_BOOK_TOTAL_BYTES} bytes with the members before "
                               f"it (limits.MAX_BOOK_TOTAL_BYTES)")


def _read_json(archive: zipfile.ZipFile, name: str, what: str, before: int = 0):
    """The parsed JSON of the member ``name`` and its decompressed size, read in chunks and refused
    as soon as it passes a bound (:func:`_within_bounds`; ``before``: bytes of the book read so
    far)."""
    from ..formats.common import read_json_text
    info = archive.getinfo(name)
    try:
        book_bytes = os.fstat(archive.fp.fileno()).st_size if archive.fp is not None else 0
    except (OSError, AttributeError, ValueError):
        book_bytes = 0
    _within_bounds(info.file_size, info.compress_size, book_bytes, before, f"{what} declares")
    data = bytearray()
    try:
        with archive.open(name) as f:
            while True:
                chunk = f.read(_CHUNK)
                if not chunk:
                    break
                data += chunk
                del chunk
                _within_bounds(len(data), info.compress_size, book_bytes, before, f"{what} holds")
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError,
            zlib.error) as exc:
        raise CertificateError(f"{what} cannot be read ({exc})") from None
    size = len(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CertificateError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    del data
    try:
        return read_json_text(text, what), size
    except InputError as exc:
        raise CertificateError(str(exc)) from None


def read_book(path) -> BookRoot:
    """The root certificate of the book at ``path``, its members reachable (the archive stays open
    for the root's lifetime: check it, then drop it)."""
    archive, names = open_book(path)
    try:
        root, size = _read_json(archive, ROOT, f"{path}: {ROOT}")
    except CertificateError:
        archive.close()
        raise
    if not isinstance(root, dict):
        archive.close()
        raise CertificateError(f"{path}: {ROOT} is not a JSON object")
    out = BookRoot(root, archive, names, str(path))
    out.read_bytes = size
    return out
