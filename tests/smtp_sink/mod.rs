//! A tiny SMTP server on loopback that takes every mail, for the tests that need an SMTP
//! server they can look into (or do without the real one).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// What the sink took.
#[derive(Default)]
pub struct Took {
    /// The envelope recipients (`RCPT TO` lines), in order.
    pub rcpts: Vec<String>,
    /// The Message-ID of each mail taken, in order (empty when it had none).
    pub message_ids: Vec<String>,
}

/// Starts the sink: its port and what it takes.
pub fn smtp_sink() -> (u16, Arc<Mutex<Took>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let got = Arc::new(Mutex::new(Took::default()));
    let took = Arc::clone(&got);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let _ = serve(stream, &took);
        }
    });
    (port, got)
}

fn serve(stream: TcpStream, took: &Mutex<Took>) -> std::io::Result<()> {
    let mut w = stream.try_clone()?;
    let mut r = BufReader::new(stream);
    w.write_all(b"220 sink\r\n")?;
    let mut rcpts = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let cmd = line.to_ascii_uppercase();
        if cmd.starts_with("RCPT") {
            rcpts.push(line.trim().to_string());
        } else if cmd.starts_with("DATA") {
            w.write_all(b"354 go on\r\n")?;
            let mut id = String::new();
            loop {
                line.clear();
                if r.read_line(&mut line)? == 0 || line == ".\r\n" {
                    break;
                }
                if id.is_empty() && line.to_ascii_lowercase().starts_with("message-id:") {
                    id = line["message-id:".len()..].trim().to_string();
                }
            }
            if let Ok(mut t) = took.lock() {
                t.rcpts.append(&mut rcpts);
                t.message_ids.push(id);
            }
        } else if cmd.starts_with("QUIT") {
            w.write_all(b"221 bye\r\n")?;
            return Ok(());
        }
        w.write_all(b"250 ok\r\n")?;
    }
}
