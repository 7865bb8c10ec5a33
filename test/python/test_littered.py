"""Worker.littered, asked before every answer: a calls area that is a tmpfs of its own is judged
by the inodes the file system says it holds (one statvfs), not by a walk of its names; without
an inode count it is walked; an area that is no mount is never littered."""
import os
import types

from pau_probe import worker as pau_worker


def _area(tmp_path, mounted=True):
    area = types.SimpleNamespace(calls_root=str(tmp_path), calls_area_mounted=mounted)
    area.count_exceeds = lambda: pau_worker.Worker.count_exceeds(area)
    return area


def _statvfs(files, free):
    return lambda path: types.SimpleNamespace(f_files=files, f_ffree=free)


def test_a_tmpfs_is_judged_by_its_inodes(tmp_path, monkeypatch):
    limit = pau_worker.RETIRE_AFTER_ENTRIES
    # The tmpfs root takes one inode: names = used - 1.
    monkeypatch.setattr(os, "statvfs", _statvfs(1_000_000, 1_000_000 - (limit + 2)))
    assert pau_worker.Worker.littered(_area(tmp_path)) is True
    monkeypatch.setattr(os, "statvfs", _statvfs(1_000_000, 1_000_000 - (limit + 1)))
    assert pau_worker.Worker.littered(_area(tmp_path)) is False


def test_without_an_inode_count_the_names_are_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "statvfs", _statvfs(0, 0))
    monkeypatch.setattr(pau_worker, "RETIRE_AFTER_ENTRIES", 2)
    (tmp_path / "call-1").mkdir()
    (tmp_path / "call-1" / "a").write_text("")
    assert pau_worker.Worker.littered(_area(tmp_path)) is False
    (tmp_path / "call-1" / "b").write_text("")
    assert pau_worker.Worker.littered(_area(tmp_path)) is True


def test_an_area_that_is_no_mount_is_never_littered(tmp_path, monkeypatch):
    def refuse(path):
        raise AssertionError("statvfs asked for an area that is no mount")

    monkeypatch.setattr(os, "statvfs", refuse)
    assert pau_worker.Worker.littered(_area(tmp_path, mounted=False)) is False
