//! Standard output for the command line. A closed pipe (`maester demo | head`) ends the process
//! quietly with status 0 instead of panicking as `println!` does.

use std::io::Write;

/// Write to standard output, with a newline when `newline`.
pub fn write(args: std::fmt::Arguments<'_>, newline: bool) {
    let mut out = std::io::stdout().lock();
    let r = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = r.and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("maester: writing to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` that ends quietly on a closed pipe.
#[macro_export]
macro_rules! say {
    () => { $crate::out::write(format_args!(""), true) };
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*), true) };
}

/// `print!` that ends quietly on a closed pipe.
#[macro_export]
macro_rules! say_raw {
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*), false) };
}
