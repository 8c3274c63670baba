//! Checks that memory which cannot be had is an error, not an abort: the
//! test runs again in a child process whose address space is capped, so
//! the sizes it asks for fail on any machine and touch little real memory.

/// Set in the capped child.
const CHILD: &str = "BIMATCH_TEST_CAPPED_CHILD";

/// The cap, in KiB: 3 GiB.
const CAP_KIB: usize = 3 << 20;

/// Whether this process is the capped child that should run the checks of
/// test `name` (of the module `module`, as `module_path!()` gives it).
/// In the parent, runs that test again in a child capped at 3 GiB of
/// address space, asserts that it passed, and returns `false`.
pub fn in_capped_child(module: &str, name: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    // The harness names a test by its module path without the crate's name.
    let full = match module.split_once("::") {
        Some((_, inner)) => format!("{inner}::{name}"),
        None => name.to_string(),
    };
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {CAP_KIB} && exec \"$0\" --exact \"$1\" --test-threads=1"
        ))
        .arg(exe)
        .arg(full)
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // The child really ran the check (the harness names the test it ran).
    assert!(stdout.contains("1 passed"), "{stdout}");
    false
}
