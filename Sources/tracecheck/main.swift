import TraceCheck
print("placeholder")
