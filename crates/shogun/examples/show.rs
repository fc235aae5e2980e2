//! Prints a position: `cargo run -p kyoku-shogun --example show -- 'TEXT'`.
fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    let pos = if text.is_empty() {
        kyoku_shogun::start(&Default::default()).expect("default start")
    } else {
        match kyoku_shogun::parse_text(&text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    };
    println!("{}", pos.diagram());
    let mut v = Vec::new();
    pos.generate(&mut v);
    println!(
        "{}",
        v.iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
}
