package lab
