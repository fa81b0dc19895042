fn main() {
    println!("maester");
}
