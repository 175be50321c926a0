print("routing")
